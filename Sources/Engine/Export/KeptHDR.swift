internal import CFFmpeg
import Composition

/// The HDR a render keeps: the HDR sources' transfer (HLG or PQ) and BT.2020 colours, at 10 bits, when the
/// output's codec can carry them (HEVC, VP9 and AV1 at 10-bit 4:2:0; ProRes at 10-bit 4:2:2). When every frame
/// is one HDR source's picture shown alone, 1:1 (a trim or a join of such clips), the pictures go to the encoder
/// as they are decoded (`SourceFrames`), as a smart render's re-encoded ones do. Otherwise the compositor works
/// at 10 bits in BT.2020 and the transfer (`composed`): layers, text, transitions, and SDR clips and pictures
/// placed into HDR at reference white (`HDRPlacement`), effects (`.cube` tables too) on the HDR signal. What stays
/// SDR, with `why`: H.264 output, `--hdr sdr`, HDR clips of different transfers or not in BT.2020.
struct KeptHDR {
  var transfer: AVColorTransferCharacteristic
  var primaries: AVColorPrimaries
  var colorspace: AVColorSpace
  /// What the encoder takes.
  var format: AVPixelFormat
  /// The first HDR source's first picture, whose HDR10 metadata (if any) the output carries: in HEVC's pictures
  /// (x265's parameters) and in every output's track.
  var metadata: Frame?

  /// The HDR10 metadata as x265's parameters; nil when the sources carry none.
  var x265Parameters: String? { metadata.flatMap(HDRMetadata.x265Parameters(of:)) }
  /// Whether frames are drawn by the compositor at 10 bits (else they are the sources' pictures as they are).
  var composed = false

  /// The transfer, as the compositor knows it.
  var curve: ToneMapper.Transfer { ToneMapper.Transfer(transfer) ?? .hlg }

  /// Why the render maps HDR sources to SDR; nil when it has none, or when HDR is kept (`kept`).
  enum Decision {
    case noHDR
    case kept(KeptHDR)
    case mapped(why: String)

    /// The HDR kept, if it is.
    var kept: KeptHDR? {
      if case .kept(let hdr) = self { return hdr }
      return nil
    }
  }

  /// The decision in words, for the plan (`ExportPlan.hdr`); nil without HDR sources.
  static func text(_ decision: Decision) -> String? {
    switch decision {
    case .noHDR: return nil
    case .kept(let hdr):
      let transfer = av_color_transfer_name(hdr.transfer).map { String(cString: $0) } ?? "?"
      let primaries = av_color_primaries_name(hdr.primaries).map { String(cString: $0) } ?? "?"
      return "kept: \(transfer), \(primaries), 10-bit" + (hdr.composed ? ", composed at 10 bits" : "")
    case .mapped(let why): return "mapped to SDR: \(why)"
    }
  }

  static func decide(_ composition: Composition) -> Decision {
    guard let video = composition.video else { return .noHDR }
    let sources = Sources(composition)
    guard let first = sources.found.first else { return .noHDR }
    if composition.export.dynamicRange == .sdr { return .mapped(why: "--hdr sdr") }
    let format: AVPixelFormat
    switch composition.effectiveVideoCodec {
    case .hevc, .vp9, .av1: format = AV_PIX_FMT_YUV420P10LE
    case .prores: format = AV_PIX_FMT_YUV422P10LE
    case let codec: return .mapped(why: "\(codec.rawValue) output is SDR; hevc, vp9, av1 or prores keep HDR")
    }
    var kept = KeptHDR(
      transfer: first.0, primaries: first.1, colorspace: first.2, format: format,
      metadata: sources.firstHDRPath.flatMap(HDRMetadata.firstPicture(path:)))
    let frames = 0..<video.frameCount(covering: composition.duration)
    if !sources.sdr, sources.found.allSatisfy({ $0 == first }),
      SourceFrames.cover(frames, composition: composition, video: video)
    {
      return .kept(kept)
    }
    if let why = composingRefusal(composition, sources) { return .mapped(why: why) }
    kept.primaries = AVCOL_PRI_BT2020
    kept.colorspace = AVCOL_SPC_BT2020_NCL
    kept.composed = true
    return .kept(kept)
  }

  /// The transfer a smart render composes its re-encoded HDR frames in, at 10 bits, as a full render would
  /// (`composed`); nil when its frames could not be composed so (no HDR clip, `--hdr sdr`, clips of different
  /// transfers, an HDR clip not in BT.2020).
  static func composedTransfer(_ composition: Composition) -> ToneMapper.Transfer? {
    let sources = Sources(composition)
    guard let first = sources.found.first, composition.export.dynamicRange != .sdr,
      composingRefusal(composition, sources) == nil
    else { return nil }
    return ToneMapper.Transfer(first.0)
  }

  /// Why frames over these sources cannot be composed at 10 bits in HDR; nil when they can.
  private static func composingRefusal(_ composition: Composition, _ sources: Sources) -> String? {
    guard let first = sources.found.first, sources.found.allSatisfy({ $0.0 == first.0 }) else {
      return "the HDR clips differ in transfer"
    }
    guard
      sources.found.allSatisfy({
        $0.1 == AVCOL_PRI_BT2020 && ($0.2 == AVCOL_SPC_BT2020_NCL || $0.2 == AVCOL_SPC_UNSPECIFIED)
      })
    else {
      return "an HDR clip's colours or matrix are not BT.2020, and frames are composed in BT.2020"
    }
    return nil
  }

  /// What the composition's video clips are: each HDR one's transfer, primaries and matrix, in order, the first
  /// HDR one's path, and whether any is SDR (read from their streams' parameters).
  private struct Sources {
    var found: [(AVColorTransferCharacteristic, AVColorPrimaries, AVColorSpace)] = []
    var firstHDRPath: String?
    var sdr = false

    init(_ composition: Composition) {
      for source in composition.sources where source.drawing == nil && source.info.video != nil {
        guard let input = try? InputFile(path: source.path), let index = StreamSelection.videoStream(of: input)
        else { continue }
        let par = input.stream(index).pointee.codecpar.pointee
        if ToneMapper.Transfer(par.color_trc) != nil {
          found.append((par.color_trc, par.color_primaries, par.color_space))
          firstHDRPath = firstHDRPath ?? source.path
        } else {
          sdr = true
        }
      }
    }
  }
}
