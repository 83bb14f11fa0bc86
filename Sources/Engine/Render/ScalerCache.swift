internal import CFFmpeg
import Synchronization

/// Keeps the swscale contexts in use, one per conversion (source size, format, matrix → target size).
final class ScalerCache {
  private var scalers: [Scaler.Key: Scaler] = [:]
  /// Conversions made by every cache of the process (a test checks that a still is converted once, not once a
  /// frame).
  static let conversions = Atomic<Int>(0)
  static var conversionCount: Int { conversions.load(ordering: .relaxed) }

  /// Converts `frame` to a frame of `width`×`height` in `matrix` and `format` (default 8-bit 4:2:0), limited
  /// range unless `fullRange`: into `reusing` when it has that size and format and nothing else holds its
  /// buffers, else into a new frame.
  func convert(
    _ frame: Frame, width: Int, height: Int, matrix: ColorMatrix, format: AVPixelFormat = AV_PIX_FMT_YUV420P,
    fullRange: Bool = false, reusing spare: Frame? = nil
  ) throws(FFmpegError) -> Frame {
    let key = Scaler.Key(
      sourceWidth: frame.width, sourceHeight: frame.height, sourceFormat: frame.pointer.pointee.format,
      sourceMatrix: ColorMatrix(declared: frame.pointer.pointee.colorspace, height: frame.height),
      sourceFullRange: Self.isFullRange(frame), targetWidth: width, targetHeight: height, targetMatrix: matrix,
      targetFormat: format.rawValue, targetFullRange: fullRange)
    let scaler: Scaler
    if let cached = scalers[key] {
      scaler = cached
    } else {
      if scalers.count > 16 { scalers.removeAll() }
      scaler = try Scaler(key)
      scalers[key] = scaler
    }
    let target: Frame
    if let spare, spare.width == width, spare.height == height, spare.pixelFormat == format, spare.isWritable {
      target = spare
    } else {
      target = try Frame(width: width, height: height, format: format)
    }
    try scaler.scale(frame, into: target)
    Self.conversions.add(1, ordering: .relaxed)
    target.pointer.pointee.colorspace = matrix.avColorspace
    target.pointer.pointee.color_range = fullRange ? AVCOL_RANGE_JPEG : AVCOL_RANGE_MPEG
    return target
  }

  /// The picture as 8-bit 4:2:0 limited range in `matrix`: the frame itself when it already is. A picture with
  /// alpha that is not wholly opaque becomes premultiplied `yuva420p` (`AlphaPicture`). With `hdr`, the picture
  /// as 10-bit 4:2:0 BT.2020 in that transfer (`yuv420p10le`, `yuva420p10le`): an HDR picture (of that transfer,
  /// `KeptHDR` sees to it) as it is, an SDR one placed into HDR (`HDRPlacement`).
  func normalize(_ picture: SourcePicture, matrix: ColorMatrix, hdr: ToneMapper.Transfer? = nil) throws(FFmpegError)
    -> Frame
  {
    if let done = picture.normalized { return done }
    if let hdr {
      let result = try placed(picture.frame, transfer: hdr)
      picture.normalized = result
      return result
    }
    let frame = picture.frame
    if AlphaPicture.hasAlpha(frame.pixelFormat) {
      // Premultiplied at full chroma resolution, then subsampled: both steps are linear, so the result is the
      // premultiplied 4:2:0 picture.
      let full = try convert(
        frame, width: frame.width, height: frame.height, matrix: matrix, format: AV_PIX_FMT_YUVA444P)
      let transparent = AlphaPicture.premultiply(full)
      let result = try convert(
        full, width: frame.width, height: frame.height, matrix: matrix,
        format: transparent ? AV_PIX_FMT_YUVA420P : AV_PIX_FMT_YUV420P)
      picture.normalized = result
      return result
    }
    let ready =
      frame.pixelFormat == AV_PIX_FMT_YUV420P && !Self.isFullRange(frame)
      && ColorMatrix(declared: frame.pointer.pointee.colorspace, height: frame.height) == matrix
    let result = ready ? frame : try convert(frame, width: frame.width, height: frame.height, matrix: matrix)
    picture.normalized = result
    return result
  }

  private func placed(_ frame: Frame, transfer: ToneMapper.Transfer) throws(FFmpegError) -> Frame {
    let (width, height) = (frame.width, frame.height)
    let alpha = AlphaPicture.hasAlpha(frame.pixelFormat)
    let hdr = ToneMapper.transfer(of: frame) != nil
    // An HDR picture's matrix is BT.2020 (`KeptHDR` refuses others; an undeclared one is taken as it).
    if hdr, !alpha {
      let ready = frame.pixelFormat == AV_PIX_FMT_YUV420P10LE && !Self.isFullRange(frame)
      return ready
        ? frame : try convert(frame, width: width, height: height, matrix: .bt2020, format: AV_PIX_FMT_YUV420P10LE)
    }
    // Widened to 16-bit 4:4:4 in its own matrix (no conversion of colours but the widening); an SDR picture
    // placed into HDR; premultiplied when it has alpha; then subsampled.
    let own = hdr ? ColorMatrix.bt2020 : ColorMatrix(declared: frame.pointer.pointee.colorspace, height: height)
    let wide = try convert(
      frame, width: width, height: height, matrix: own, format: alpha ? AV_PIX_FMT_YUVA444P16LE : AV_PIX_FMT_YUV444P16LE
    )
    if !hdr {
      let gamut = frame.pointer.pointee.color_primaries == AVCOL_PRI_BT2020 ? HDRPlacement.Gamut.bt2020 : .bt709
      HDRPlacement(transfer: transfer, source: own.coefficients, gamut: gamut).convert(wide)
    }
    wide.pointer.pointee.colorspace = AVCOL_SPC_BT2020_NCL
    let transparent = alpha && AlphaPicture.premultiply(wide)
    return try convert(
      wide, width: width, height: height, matrix: .bt2020,
      format: transparent ? AV_PIX_FMT_YUVA420P10LE : AV_PIX_FMT_YUV420P10LE)
  }

  static func isFullRange(_ frame: Frame) -> Bool {
    let format = frame.pixelFormat
    return frame.pointer.pointee.color_range == AVCOL_RANGE_JPEG || format == AV_PIX_FMT_YUVJ420P
      || format == AV_PIX_FMT_YUVJ422P || format == AV_PIX_FMT_YUVJ444P
  }
}
