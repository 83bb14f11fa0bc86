internal import CFFmpeg
import Composition
import Foundation

/// One render in progress: the open muxer, encoders and renderers, and the running counts. Freed as a whole
/// when the render ends, on success or failure.
final class ExportSession {
  /// The video side: renderer, encoder, its stream, and the conversion the encoder needs (ProRes takes 10-bit
  /// 4:2:2; the compositor works in 4:2:0, 8-bit, or 10-bit when HDR is kept).
  struct VideoSide {
    var composition: VideoComposition
    var renderer: VideoRenderer
    var encoder: Encoder
    var stream: Int
    var pixelFormat: AVPixelFormat
    /// With HDR kept and not composed: the sources' pictures as they are, in their matrix (`KeptHDR`).
    var sourceFrames: SourceFrames?
    var sourceMatrix: ColorMatrix
    /// The HDR kept, if it is: frames keep its transfer and primaries through a conversion.
    var hdr: KeptHDR?
    /// Frames at the clips' own picture times (a variable frame rate); nil: one every frame duration.
    var schedule: FrameSchedule?
  }

  private let composition: Composition
  private let target: OutputSink
  private var displayPath: String { target.route.path }
  private let output: Muxer
  private let writer: PacketWriter
  private let packet: Packet
  private let scalers = ScalerCache()
  private var video: VideoSide?
  private var audio: AudioLead?
  private var framesWritten: Int64 = 0
  private let part: ExportPart

  private let damage: DamageLog

  /// Opens the target's muxer and the encoders for `part` of the composition. `hdr`: the HDR it keeps
  /// (`KeptHDR.decide`, made once by the caller), nil to map HDR sources to SDR.
  init(
    composition: Composition, target: OutputSink, strict: Bool, tables: CubeTables, hdr: KeptHDR?,
    part: ExportPart = .whole
  ) throws(EngineError) {
    self.composition = composition
    self.target = target
    self.part = part
    damage = DamageLog(strict: strict)
    let export = composition.export
    let matrix = composition.video.map { ColorMatrix.guess(height: $0.renderSize.height) }
    // The colour tables build while the muxer, the encoders and the first sources open.
    if let matrix, part.includesVideo, hdr?.composed != true { tables.prepare(matrix: matrix) }
    output = try target.open()
    writer = PacketWriter(output, path: target.route.path)
    do {
      packet = try Packet()
    } catch {
      throw .internalFailure(.encoding, "\(error)")
    }
    let global = output.wantsGlobalHeader
    do {
      if let vc = composition.video, let matrix, part.includesVideo {
        // Frames at the clips' own times where the container stamps each frame (not a part of a job's cut).
        let schedule =
          composition.framesFollowSources && part == .whole
          ? try FrameSchedule(composition: composition, video: vc) : nil
        let made = try EncoderFactory.video(
          vc, composition: composition, matrix: matrix, hdr: hdr, schedule: schedule, globalHeader: global)
        let stream = try output.addStream(for: made.encoder)
        if composition.effectiveVideoCodec == .hevc && export.container.isISOMedia {
          output.setCodecTag(stream: stream, "hvc1")
        }
        if let picture = hdr?.metadata { try output.addHDR10(stream: stream, from: picture) }
        let composed = hdr?.composed == true ? hdr?.curve : nil
        video = VideoSide(
          composition: vc,
          renderer: VideoRenderer(
            composition: composition, video: vc, matrix: matrix, damage: damage, tables: tables, hdr: composed),
          encoder: made.encoder, stream: stream, pixelFormat: made.pixelFormat,
          sourceFrames: hdr.flatMap {
            $0.composed ? nil : SourceFrames(composition: composition, video: vc, damage: damage)
          },
          sourceMatrix: hdr.map { ColorMatrix(declared: $0.colorspace, height: vc.renderSize.height) } ?? matrix,
          hdr: hdr, schedule: schedule)
      }
      if part.includesAudio && export.container.carriesAudio {
        audio = AudioLead(
          encoded: try AudioStreamWriter(composition: composition, export: export, output: output, damage: damage),
          writer: writer, duration: composition.outputDuration)
      }
      try target.start(output, export: export)
    } catch let error as EngineError {
      throw error
    } catch {
      // Out of memory, or a library that cannot start its threads under a limit the user set: the system's no.
      let limits = SystemLimits.restricting
      if let failure = error as? FFmpegError, failure.code == -ENOMEM || failure.code == -EAGAIN || !limits.isEmpty {
        throw .systemRefused(
          path: displayPath,
          reason: "cannot set up the encoders (\(error)): the system refused memory or threads"
            + (limits.isEmpty ? "" : " under \(limits.joined(separator: " and "))"))
      }
      throw .internalFailure(.setup, "cannot set up the encoders: \(error)")
    }
  }

  func run(progress: (ExportProgress) -> Void, isCancelled: () -> Bool) throws(EngineError) -> ExportReport {
    let duration = composition.outputDuration
    try audio?.prepare(isCancelled: isCancelled, interruption: target.interruption)
    if let video { try renderVideo(video, progress: progress, isCancelled: isCancelled) }
    // The sound after the last picture (all of it without pictures); only its very last frame may be short.
    try audio?.finish(isCancelled: isCancelled, interruption: target.interruption) { time in
      progress(ExportProgress(outputTime: time, duration: duration, framesWritten: framesWritten))
    }
    if let video {
      try writer.encode(nil, with: video.encoder, stream: video.stream, packet: packet) { pts in
        Self.duration(of: pts, video)
      }
    }
    try writer.finish()
    return ExportReport(
      path: displayPath, duration: duration, videoFrames: framesWritten, audioSamples: audio?.samplesWritten ?? 0,
      damage: damage.summaries)
  }

  /// Every output frame in order, each preceded by the audio up to its end so the muxer never buffers much.
  private func renderVideo(
    _ video: VideoSide, progress: (ExportProgress) -> Void, isCancelled: () -> Bool
  ) throws(EngineError) {
    let size = video.composition.renderSize
    let frame: Frame
    do { frame = try video.renderer.makeFrame() } catch { throw .internalFailure(.encoding, "\(error)") }
    var frames = 0..<video.composition.frameCount(covering: composition.duration)
    if case .videoFrames(let range) = part { frames = range }
    if let schedule = video.schedule { frames = 0..<Int64(schedule.starts.count) }
    for n in frames {
      if isCancelled() { throw target.interruption }
      let (frameStart, frameEnd) = Self.span(ofFrame: n, video, duration: composition.duration)
      try audio?.write(upTo: frameEnd)
      var encoded: Frame
      if let pictures = video.sourceFrames {
        encoded = try pictures.frame(at: frameStart)
      } else {
        do { try frame.makeWritable() } catch { throw .internalFailure(.encoding, "\(error)") }
        try video.renderer.render(at: frameStart, into: frame)
        encoded = frame
      }
      if encoded.pixelFormat != video.pixelFormat || encoded.width != size.width || encoded.height != size.height
        || (video.sourceFrames != nil && encoded.pointer.pointee.color_range == AVCOL_RANGE_JPEG)
      {
        let picture = encoded.pointer.pointee
        do {
          encoded = try scalers.convert(
            encoded, width: size.width, height: size.height, matrix: video.sourceMatrix, format: video.pixelFormat)
        } catch { throw .internalFailure(.encoding, "\(error)") }
        // A kept HDR picture keeps its transfer and primaries (ProRes writes the frame's into each picture).
        if video.hdr != nil {
          encoded.pointer.pointee.color_trc = picture.color_trc
          encoded.pointer.pointee.color_primaries = picture.color_primaries
        }
      }
      encoded.pointer.pointee.pts = video.schedule?.starts[Int(n)] ?? n - frames.lowerBound
      try writer.encode(encoded, with: video.encoder, stream: video.stream, packet: packet) { pts in
        Self.duration(of: pts, video)
      }
      framesWritten += 1
      progress(ExportProgress(outputTime: frameEnd, duration: composition.outputDuration, framesWritten: framesWritten))
    }
  }

  /// Where output frame `n` starts and ends: on the frame grid, or as the schedule has it.
  private static func span(ofFrame n: Int64, _ video: VideoSide, duration: MediaTime) -> (MediaTime, MediaTime) {
    guard let schedule = video.schedule else {
      return (video.composition.time(ofFrame: n), video.composition.time(ofFrame: n + 1))
    }
    let k = Int(n)
    return (schedule.time(ofFrame: k), k + 1 < schedule.starts.count ? schedule.time(ofFrame: k + 1) : duration)
  }

  /// How long the frame stamped `pts` lasts, in the encoder's time base: one tick a frame on the grid.
  private static func duration(of pts: Int64, _ video: VideoSide) -> Int64? {
    guard let schedule = video.schedule else { return 1 }
    guard let k = schedule.index(ofStart: pts) else { return nil }
    return schedule.duration(ofFrame: k)
  }
}
