internal import CFFmpeg
import Composition

/// The HDR a render keeps: the sources' transfer (HLG or PQ) and BT.2020 colours, at 10 bits, when the output's
/// codec can carry them (HEVC, VP9 and AV1 at 10-bit 4:2:0; ProRes at 10-bit 4:2:2) and every frame is one HDR
/// source's picture shown alone, 1:1 (a trim or a join of such clips): the pictures go to the encoder as they are
/// decoded (`SourceFrames`), as a smart render's re-encoded ones do. Anything the compositor would draw (a layer,
/// text, an effect, a transition, an SDR clip among them) is mapped to SDR as before, and `why` says so; H.264
/// output, and `--hdr sdr`, are SDR.
struct KeptHDR {
  var transfer: AVColorTransferCharacteristic
  var primaries: AVColorPrimaries
  var colorspace: AVColorSpace
  /// What the encoder takes.
  var format: AVPixelFormat
  /// The sources' HDR10 metadata as x265's parameters (HEVC output only; nil when they carry none).
  var x265Parameters: String?

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
      return "kept: \(transfer), \(primaries), 10-bit"
    case .mapped(let why): return "mapped to SDR: \(why)"
    }
  }

  static func decide(_ composition: Composition) -> Decision {
    guard let video = composition.video else { return .noHDR }
    var found: [(AVColorTransferCharacteristic, AVColorPrimaries, AVColorSpace)] = []
    var sdr = false
    for source in composition.sources where source.drawing == nil && source.info.video != nil {
      guard let input = try? InputFile(path: source.path), let index = StreamSelection.videoStream(of: input) else {
        continue
      }
      let par = input.stream(index).pointee.codecpar.pointee
      if ToneMapper.Transfer(par.color_trc) != nil {
        found.append((par.color_trc, par.color_primaries, par.color_space))
      } else {
        sdr = true
      }
    }
    guard let first = found.first else { return .noHDR }
    let format: AVPixelFormat
    switch composition.export.effectiveVideoCodec {
    case .hevc, .vp9, .av1: format = AV_PIX_FMT_YUV420P10LE
    case .prores: format = AV_PIX_FMT_YUV422P10LE
    case let codec: return .mapped(why: "\(codec.rawValue) output is SDR; hevc, vp9, av1 or prores keep HDR")
    }
    if composition.export.dynamicRange == .sdr { return .mapped(why: "--hdr sdr") }
    guard !sdr else { return .mapped(why: "SDR and HDR clips are mixed") }
    guard found.allSatisfy({ $0 == first }) else {
      return .mapped(why: "the HDR clips differ in transfer or colours")
    }
    let frames = 0..<video.frameCount(covering: composition.duration)
    guard SourceFrames.cover(frames, composition: composition, video: video) else {
      return .mapped(
        why: "a frame is composed (a layer, text, an effect, a transition, a speed change, a picture scaled or "
          + "turned), and the compositor works at 8 bits in SDR")
    }
    let metadata =
      composition.export.effectiveVideoCodec == .hevc
      ? composition.sources.first { $0.drawing == nil && $0.info.video != nil }.flatMap {
        HDRMetadata.x265Parameters(path: $0.path)
      } : nil
    return .kept(
      KeptHDR(
        transfer: first.0, primaries: first.1, colorspace: first.2, format: format, x265Parameters: metadata))
  }
}
