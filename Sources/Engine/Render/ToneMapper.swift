internal import CFFmpeg

/// Maps HDR pictures (HLG or PQ, ITU-R BT.2100) to SDR BT.709 8-bit 4:2:0 limited range, in display light:
/// the signal is decoded to the light an HDR display would show (HLG through its OOTF at 1000 cd/m²), HDR
/// reference white (203 cd/m²) becomes SDR white, BT.2020 colours are converted to BT.709 primaries (those
/// outside are clipped), highlights above 80 % roll off smoothly into the rest, and the result is encoded for
/// an SDR display (BT.1886). One per decoder: it keeps the swscale context that widens pictures to 16-bit
/// 4:4:4, and the widened picture's buffers.
final class ToneMapper {
  enum Transfer {
    case hlg, pq

    /// The HDR transfer `trc` is, if it is one.
    init?(_ trc: AVColorTransferCharacteristic) {
      switch trc {
      case AVCOL_TRC_ARIB_STD_B67: self = .hlg
      case AVCOL_TRC_SMPTE2084: self = .pq
      default: return nil
      }
    }
  }

  /// The HDR transfer `frame` declares, if any.
  static func transfer(of frame: Frame) -> Transfer? { Transfer(frame.pointer.pointee.color_trc) }

  /// Linear BT.2020 RGB → linear BT.709 RGB (ITU-R BT.2087).
  static let bt2020ToBT709: [Float] = [
    1.6605, -0.5876, -0.0728,
    -0.1246, 1.1329, -0.0083,
    -0.0182, -0.1006, 1.1187,
  ]

  private let scalers = ScalerCache()
  /// The last 16-bit picture, whose buffers the next one reuses (12 MB at 1080p).
  private var wide: Frame?

  /// `frame` as SDR BT.709, in a new frame with the same size and properties (times, flags).
  func map(_ frame: Frame, transfer: Transfer) throws(FFmpegError) -> Frame {
    let p = frame.pointer.pointee
    let source = ColorMatrix(declared: p.colorspace, height: frame.height)
    let wide = try scalers.convert(
      frame, width: frame.width, height: frame.height, matrix: source, format: AV_PIX_FMT_YUV444P16LE,
      reusing: self.wide)
    self.wide = wide
    let out = try Frame(width: frame.width, height: frame.height, format: AV_PIX_FMT_YUV420P)
    try check(av_frame_copy_props(out.pointer, frame.pointer), "av_frame_copy_props")
    let gamut = p.color_primaries == AVCOL_PRI_BT2020 ? Self.bt2020ToBT709 : [1, 0, 0, 0, 1, 0, 0, 0, 1]
    let pixel = HDRPixelMap(
      transfer: transfer, source: source.coefficients, gamut: gamut,
      luminance: p.color_primaries == AVCOL_PRI_BT2020 ? (0.2627, 0.6780, 0.0593) : (0.2126, 0.7152, 0.0722))
    pixel.convert(wide, into: out)
    out.pointer.pointee.colorspace = AVCOL_SPC_BT709
    out.pointer.pointee.color_primaries = AVCOL_PRI_BT709
    out.pointer.pointee.color_trc = AVCOL_TRC_BT709
    out.pointer.pointee.color_range = AVCOL_RANGE_MPEG
    return out
  }
}
