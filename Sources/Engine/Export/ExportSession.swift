import CFFmpeg
import Composition

/// One render in progress: the open muxer, encoders and renderers, and the running counts. Freed as a whole
/// when the render ends, on success or failure.
final class ExportSession {
  private let composition: Composition
  private let target: OutputTarget
  private let output: OutputFile
  private let packet: Packet
  private var video: (composition: VideoComposition, renderer: VideoRenderer, encoder: Encoder, stream: Int)?
  private var audio: (renderer: AudioRenderer, encoder: Encoder, stream: Int, block: [[Float]])?
  private var framesWritten: Int64 = 0
  private var samplesWritten: Int64 = 0

  init(composition: Composition, target: OutputTarget) throws(EngineError) {
    self.composition = composition
    self.target = target
    let export = composition.export
    do {
      output = try OutputFile(path: target.temporaryPath, formatName: export.container.rawValue)
      packet = try Packet()
    } catch {
      throw .outputFailed(path: target.path, reason: "cannot create the output (\(error.message))")
    }
    let global = output.wantsGlobalHeader
    do {
      if let vc = composition.video {
        let matrix = ColorMatrix.guess(height: vc.renderSize.height)
        let encoder = try EncoderFactory.video(vc, export: export, matrix: matrix, globalHeader: global)
        let stream = try output.addStream(for: encoder)
        video = (vc, VideoRenderer(composition: composition, video: vc, matrix: matrix), encoder, stream)
      }
      let format = AudioFormat(sampleRate: export.audioSampleRate, channels: export.audioChannels)
      let renderer = AudioRenderer(composition: composition, format: format)
      if renderer.hasAudio {
        let encoder = try EncoderFactory.audio(format, export: export, globalHeader: global)
        let stream = try output.addStream(for: encoder)
        let blockSize = max(encoder.frameSize, 1024)
        audio = (
          renderer, encoder, stream, Array(repeating: [Float](repeating: 0, count: blockSize), count: format.channels)
        )
      }
      output.setMetadata("creation_time", Self.now())
      try output.writeHeader(options: export.optimizeForNetworkUse ? ["movflags": "+faststart"] : [:])
    } catch {
      throw .internalFailure("cannot set up the encoders: \(error)")
    }
  }

  func run(progress: (ExportProgress) -> Void, isCancelled: () -> Bool) throws(EngineError) -> ExportReport {
    let duration = composition.outputDuration
    let totalSamples = audio.map { duration.ticks(atRate: $0.renderer.format.sampleRate) } ?? 0
    if let video {
      let frame: Frame
      do {
        frame = try Frame(
          width: video.composition.renderSize.width, height: video.composition.renderSize.height,
          format: AV_PIX_FMT_YUV420P)
      } catch { throw .internalFailure("\(error)") }
      let count = video.composition.frameCount(covering: composition.duration)
      for n in 0..<count {
        if isCancelled() { throw .interrupted }
        let frameEnd = video.composition.time(ofFrame: n + 1)
        if let rate = audio?.renderer.format.sampleRate {
          try encodeAudio(upTo: min(frameEnd.ticks(atRate: rate), totalSamples))
        }
        let time = video.composition.time(ofFrame: n)
        do { try frame.makeWritable() } catch { throw .internalFailure("\(error)") }
        try video.renderer.render(at: time, into: frame)
        frame.pointer.pointee.pts = n
        try encode(frame, with: video.encoder, stream: video.stream, frameDuration: 1)
        framesWritten += 1
        progress(ExportProgress(outputTime: frameEnd, duration: duration, framesWritten: framesWritten))
      }
    }
    while samplesWritten < totalSamples {
      if isCancelled() { throw .interrupted }
      try encodeAudio(upTo: min(samplesWritten + 48_000, totalSamples), allowShortFrame: true)
      if let rate = audio?.renderer.format.sampleRate {
        progress(
          ExportProgress(
            outputTime: MediaTime.ticks(samplesWritten, rate: rate), duration: duration, framesWritten: framesWritten))
      }
    }
    if let audio { try encode(nil, with: audio.encoder, stream: audio.stream, frameDuration: nil) }
    if let video { try encode(nil, with: video.encoder, stream: video.stream, frameDuration: 1) }
    do {
      try output.finish()
    } catch {
      throw .outputFailed(path: target.path, reason: "cannot finish the output (\(error.message))")
    }
    return ExportReport(
      path: target.path, duration: duration, videoFrames: framesWritten, audioSamples: samplesWritten,
      damage: video?.renderer.damage ?? [:])
  }

  /// Mixes and encodes whole audio frames while they fit before sample `end`. Only the stream's last frame may
  /// be short (`allowShortFrame`): the encoder pads a short frame with silence, which must happen once, at the end.
  private func encodeAudio(upTo end: Int64, allowShortFrame: Bool = false) throws(EngineError) {
    guard var audio else { return }
    let frameSize = audio.block[0].count
    while samplesWritten < end {
      let count = Int(min(Int64(frameSize), end - samplesWritten))
      if count < frameSize && !allowShortFrame { break }
      try audio.renderer.render(from: samplesWritten, count: count, into: &audio.block)
      let frame: Frame
      do {
        frame = try Frame()
        let p = frame.pointer
        p.pointee.nb_samples = Int32(count)
        p.pointee.format = AV_SAMPLE_FMT_FLTP.rawValue
        p.pointee.sample_rate = Int32(audio.renderer.format.sampleRate)
        av_channel_layout_default(&p.pointee.ch_layout, Int32(audio.renderer.format.channels))
        try check(av_frame_get_buffer(p, 0), "av_frame_get_buffer")
      } catch { throw .internalFailure("\(error)") }
      for channel in 0..<audio.renderer.format.channels {
        guard let data = frame.data(channel) else { continue }
        data.withMemoryRebound(to: Float.self, capacity: count) { target in
          audio.block[channel].withUnsafeBufferPointer { target.update(from: $0.baseAddress!, count: count) }
        }
      }
      frame.pointer.pointee.pts = samplesWritten
      try encode(frame, with: audio.encoder, stream: audio.stream, frameDuration: nil)
      samplesWritten += Int64(count)
    }
    self.audio = audio
  }

  /// Sends `frame` (nil drains) and writes every packet the encoder has ready. `frameDuration`, in the
  /// encoder's time base, is stamped on video packets (libx264 leaves it 0, which loses the last frame's length).
  private func encode(_ frame: Frame?, with encoder: Encoder, stream: Int, frameDuration: Int64?) throws(EngineError) {
    do {
      try encoder.send(frame)
      while try encoder.receive(into: packet) == .ready {
        if let frameDuration { packet.pointer.pointee.duration = frameDuration }
        packet.streamIndex = Int32(stream)
        av_packet_rescale_ts(packet.pointer, encoder.timeBase, output.timeBase(ofStream: stream))
        try output.write(packet)
      }
    } catch {
      throw .internalFailure("encoding failed: \(error)")
    }
  }

  static func now() -> String {
    var t = time(nil)
    var parts = tm()
    gmtime_r(&t, &parts)
    var buffer = [CChar](repeating: 0, count: 32)
    strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S.000000Z", &parts)
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
