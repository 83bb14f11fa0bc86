internal import CFFmpeg
import Composition
import Foundation

/// x264 set up to fit a copied H.264 stream: the source's profile, level, size and colour tags, parameter sets
/// of id 1, no B-pictures (decode order is presentation order, so decode times stay behind the copied ones by the
/// same delay), a run's first picture IDR, and a quality matched to the source's.
final class SmartEncoder {
  /// What every run's encoder shares (so their parameter sets are byte for byte the same).
  struct Settings {
    var width: Int32
    var height: Int32
    var frameDuration: MediaTime
    var profile: String
    /// `4.1`; nil when the source does not say (x264 then picks).
    var level: String?
    var crf: Int
    var preset: String
    var colorspace: AVColorSpace
    var primaries: AVColorPrimaries
    var transfer: AVColorTransferCharacteristic

    init(source: UnsafeMutablePointer<AVStream>, video: VideoComposition, export: ExportSettings) {
      let par = source.pointee.codecpar.pointee
      width = par.width
      height = par.height
      frameDuration = video.frameDuration
      switch par.profile {
      case 66, 66 | 512: profile = "baseline"
      case 77: profile = "main"
      default: profile = "high"
      }
      level = par.level > 0 ? String(format: "%d.%d", par.level / 10, par.level % 10) : nil
      crf = export.crf ?? Self.matchedCRF(source: source, video: video)
      preset = Self.preset(for: export)
      colorspace = par.color_space
      primaries = par.color_primaries
      transfer = par.color_trc
    }

    /// x264's speed for the re-encoded runs: the one asked for (`--preset`), else faster than a full render's
    /// for the quality: `superfast`, `veryfast`, `faster`, `fast` for low, medium, high, highest. The copied
    /// pictures set the quality bar: at the matched CRF `veryfast` took 2.1–2.8× less time than `medium`, its
    /// lowest PSNR 0.4–1.7 dB under it (above 46 dB), with no more bits (docs/benchmark.md, "Smart render's x264
    /// speed").
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

  /// `threads`: x264's threads (0: as many as it likes); they change no parameter set. Several may be opened at
  /// once on different threads (a smart render's runs): each x264_encoder_open rewrites x264's shared CABAC cost
  /// tables with the same values, which x264 itself does for every encoder a program opens.
  init(settings s: Settings, threads: Int = 0, globalHeader: Bool) throws(FFmpegError) {
    var options = [
      "preset": s.preset, "crf": String(s.crf), "profile": s.profile,
      "x264-params": "sps-id=1:bframes=0:keyint=100000:min-keyint=100000:scenecut=0",
    ]
    if let level = s.level { options["level"] = level }
    encoder = try Encoder(name: "libx264", globalHeader: globalHeader, options: options) { ctx in
      EncoderFactory.configurePicture(
        ctx, width: Int(s.width), height: Int(s.height), format: AV_PIX_FMT_YUV420P, frameDuration: s.frameDuration)
      ctx.pointee.thread_count = Int32(threads)
      ctx.pointee.colorspace = s.colorspace
      ctx.pointee.color_primaries = s.primaries
      ctx.pointee.color_trc = s.transfer
    }
    packet = try Packet()
  }

  /// The parameter sets x264 will use (its extradata).
  var configuration: AVCConfiguration? {
    let ctx = encoder.pointer.pointee
    guard let data = ctx.extradata, ctx.extradata_size > 0 else { return nil }
    return AVCConfiguration(annexB: Array(UnsafeBufferPointer(start: data, count: Int(ctx.extradata_size))))
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
