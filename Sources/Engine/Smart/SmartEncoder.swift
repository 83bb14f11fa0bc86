internal import CFFmpeg
import Composition
import Foundation

/// x264 or x265 set up to fit a copied stream: the source's profile, size, bit depth and colour tags, no
/// B-pictures (decode order is presentation order, so decode times stay behind the copied ones by the same
/// delay), a run's first picture IDR, and a quality matched to the source's. x264 numbers its parameter sets 1
/// (`sps-id`); x265's are renumbered when its pictures are written (`HEVCRenumbering`).
final class SmartEncoder {
  /// What every run's encoder shares (so their parameter sets are byte for byte the same).
  struct Settings {
    var codec: StreamFacts.Codec
    var width: Int32
    var height: Int32
    var frameDuration: MediaTime
    /// The pictures the encoder takes: 8-bit 4:2:0, or 10-bit for a 10-bit HEVC source.
    var format: AVPixelFormat
    var profile: String
    /// `4.1`; nil when the source does not say (x264 then picks; x265 always picks).
    var level: String?
    var crf: Int
    var preset: String
    var colorspace: AVColorSpace
    var primaries: AVColorPrimaries
    var transfer: AVColorTransferCharacteristic
    /// The source's HDR10 metadata as x265's parameters, for its pictures' SEI (`HDRMetadata`).
    var hdrParameters: String?

    /// Whether the re-encoded pictures are the sources' own (`StreamFacts.keepsSourcePictures`).
    var keepsSourcePictures: Bool { StreamFacts.keepsSourcePictures(format: format, transfer: transfer) }

    init(source: UnsafeMutablePointer<AVStream>, video: VideoComposition, export: ExportSettings) {
      let par = source.pointee.codecpar.pointee
      codec = par.codec_id == AV_CODEC_ID_HEVC ? .hevc : .h264
      width = par.width
      height = par.height
      frameDuration = video.frameDuration
      format = par.format == AV_PIX_FMT_YUV420P10LE.rawValue ? AV_PIX_FMT_YUV420P10LE : AV_PIX_FMT_YUV420P
      switch (codec, par.profile) {
      case (.hevc, _): profile = format == AV_PIX_FMT_YUV420P10LE ? "main10" : "main"
      case (.h264, 66), (.h264, 66 | 512): profile = "baseline"
      case (.h264, 77): profile = "main"
      case (.h264, _): profile = "high"
      }
      level =
        codec == .h264 && par.level > 0 ? String(format: "%d.%d", par.level / 10, par.level % 10) : nil
      // x265 takes two less: at x264's matched CRF (25) its re-encoded pictures of hevc.mp4 were 41.1 dB from
      // the source's, at 23 above 43 dB.
      crf = export.crf ?? (Self.matchedCRF(source: source, video: video) - (codec == .hevc ? 2 : 0))
      preset = Self.preset(for: export)
      colorspace = par.color_space
      primaries = par.color_primaries
      transfer = par.color_trc
    }

    /// The encoder's speed for the re-encoded runs: the one asked for (`--preset`), else faster than a full
    /// render's for the quality: `superfast`, `veryfast`, `faster`, `fast` for low, medium, high, highest. The
    /// copied pictures set the quality bar: at the matched CRF `veryfast` took 2.1–2.8× less time than
    /// `medium`, its lowest PSNR 0.4–1.7 dB under it (above 46 dB), with no more bits (docs/benchmark.md,
    /// "Smart render's x264 speed").
    static func preset(for export: ExportSettings) -> String {
      if let asked = export.preset { return asked }
      switch export.quality {
      case .low: return "superfast"
      case .medium: return "veryfast"
      case .high: return "faster"
      case .highest: return "fast"
      }
    }

    /// A CRF for the source's bits per pixel: x264's CRF 23 gives about 0.08 bits a pixel on camera footage,
    /// and each 6 steps down doubles the bits; so `23 − 6·log2(bpp / 0.08)`, between 12 and 28, errs towards
    /// quality (the re-encoded frames sit among the source's own).
    static func matchedCRF(source: UnsafeMutablePointer<AVStream>, video: VideoComposition) -> Int {
      let par = source.pointee.codecpar.pointee
      let pixelsPerSecond = Double(par.width) * Double(par.height) / video.frameDuration.seconds
      guard par.bit_rate > 0, pixelsPerSecond > 0 else { return 18 }
      let bpp = Double(par.bit_rate) / pixelsPerSecond
      return min(28, max(12, Int((23 - 6 * log2(bpp / 0.08)).rounded()) - 2))
    }
  }

  private let encoder: Encoder
  private let packet: Packet

  /// `threads`: the encoder's threads (0: as many as it likes); they change no parameter set. Several may be
  /// opened at once on different threads (a smart render's runs): each x264_encoder_open rewrites x264's shared
  /// CABAC cost tables with the same values, which x264 itself does for every encoder a program opens.
  init(settings s: Settings, threads: Int = 0, globalHeader: Bool) throws(FFmpegError) {
    var options = ["preset": s.preset, "crf": String(s.crf), "profile": s.profile]
    let name: String
    switch s.codec {
    case .h264:
      name = "libx264"
      options["x264-params"] = "sps-id=1:bframes=0:keyint=100000:min-keyint=100000:scenecut=0"
      if let level = s.level { options["level"] = level }
    case .hevc:
      name = "libx265"
      // No wavefronts: a slice then has no entry points, whose byte counts could change where a renumbered
      // header meets the slice data.
      var params = [
        "log-level=error", "bframes=0", "keyint=100000", "min-keyint=100000", "scenecut=0", "open-gop=0",
        "info=0", "repeat-headers=0", "aud=0", "hrd=0", "wpp=0",
      ]
      if threads > 0 { params.append("pools=\(threads)") }
      if let hdr = s.hdrParameters { params.append(hdr) }
      options["x265-params"] = params.joined(separator: ":")
    }
    encoder = try Encoder(name: name, globalHeader: globalHeader, options: options) { ctx in
      EncoderFactory.configurePicture(
        ctx, width: Int(s.width), height: Int(s.height), format: s.format, frameDuration: s.frameDuration)
      ctx.pointee.thread_count = Int32(threads)
      ctx.pointee.colorspace = s.colorspace
      ctx.pointee.color_primaries = s.primaries
      ctx.pointee.color_trc = s.transfer
    }
    packet = try Packet()
  }

  /// The parameter sets the encoder will use (its extradata's units, Annex B).
  var parameterSets: [[UInt8]] {
    let ctx = encoder.pointer.pointee
    guard let data = ctx.extradata, ctx.extradata_size > 0 else { return [] }
    return NALUnits.annexB(Array(UnsafeBufferPointer(start: data, count: Int(ctx.extradata_size))))
  }

  /// Sends `frame` (pts: its output frame number), or nil to drain, and hands every ready packet to `write`.
  func encode(_ frame: Frame?, write: (Packet) throws(EngineError) -> Void) throws(EngineError) {
    if let frame { frame.pointer.pointee.pict_type = AV_PICTURE_TYPE_NONE }
    do { try encoder.send(frame) } catch { throw .internalFailure(.encoding, "encoding failed: \(error)") }
    while true {
      let status: CodecStatus
      do { status = try encoder.receive(into: packet) } catch {
        throw .internalFailure(.encoding, "encoding failed: \(error)")
      }
      guard status == .ready else { return }
      try write(packet)
      packet.unref()
    }
  }
}
