internal import CFFmpeg
import Composition

/// The audio side of an output: mixes the composition's audio in encoder-sized blocks, encodes them and writes
/// the packets, always whole frames except the stream's very last one (an encoder pads a short frame with
/// silence: mid-stream, that would be a gap).
final class AudioStreamWriter {
  private(set) var renderer: AudioRenderer
  private let composition: Composition
  private let damage: DamageLog
  /// Whether the renderer has its final form (with a loudness target, only after `prepare`).
  private var prepared: Bool
  private let encoder: Encoder
  let stream: Int
  private var block: [[Float]]
  private let frames: AudioFrameWriter
  private let packet: Packet
  private(set) var samplesWritten: Int64 = 0

  /// An encoder for the composition's audio in `export`'s codec, added as a stream of `output` (before its
  /// header is written); nil when the composition has no audio.
  init?(
    composition: Composition, export: ExportSettings, output: Muxer, damage: DamageLog
  ) throws(FFmpegError) {
    let format = AudioFormat(sampleRate: export.audioSampleRate, channels: export.audioChannels)
    let renderer = AudioRenderer(composition: composition, format: format, damage: damage)
    guard renderer.hasAudio else { return nil }
    self.renderer = renderer
    self.composition = composition
    self.damage = damage
    prepared = export.loudness == nil
    encoder = try EncoderFactory.audio(format, export: export, globalHeader: output.wantsGlobalHeader)
    stream = try output.addStream(for: encoder)
    let size = encoder.frameSize > 0 ? encoder.frameSize : 1024
    block = Array(repeating: [Float](repeating: 0, count: size), count: format.channels)
    frames = AudioFrameWriter(
      format: encoder.pointer.pointee.sample_fmt, sampleRate: Int32(format.sampleRate), channels: format.channels)
    packet = try Packet()
  }

  var sampleRate: Int { renderer.format.sampleRate }

  /// Readies the mix before the first `write`: with a loudness target, measures the whole mix first
  /// (`LoudnessNormalizer`) for the gain that meets it. `isCancelled` is polled through the measuring.
  func prepare(isCancelled: () -> Bool, interruption: EngineError) throws(EngineError) {
    guard !prepared, let target = composition.export.loudness else { return }
    let samples = composition.outputDuration.ticks(atRate: sampleRate)
    let normalizer = LoudnessNormalizer(
      composition: composition, format: renderer.format, damage: damage, samples: samples)
    // A lossy encoder's output peaks above its input between samples: 1 dB of headroom keeps the encoded true
    // peak under the target (PCM needs none but rounding).
    let headroom = composition.export.effectiveAudioCodec == .pcm ? 0.05 : 1.0
    let finish = try normalizer.finish(
      for: target, headroom: headroom, isCancelled: isCancelled, interruption: interruption)
    renderer = AudioRenderer(composition: composition, format: renderer.format, damage: damage, finish: finish)
    prepared = true
  }

  /// Mixes, encodes and writes whole frames while they fit before sample `end`; with `isLast`, also the short
  /// frame that ends the stream there.
  func write(upTo end: Int64, isLast: Bool = false, into output: PacketWriter) throws(EngineError) {
    guard prepared else { throw .internalFailure(.audio, "the loudness target was not measured before writing") }
    let size = block[0].count
    while samplesWritten < end {
      let count = Int(min(Int64(size), end - samplesWritten))
      if count < size && !isLast { break }
      try renderer.render(from: samplesWritten, count: count, into: &block)
      let frame: Frame
      do { frame = try frames.frame(from: block, count: count, pts: samplesWritten) } catch {
        throw .internalFailure(.audio, "\(error)")
      }
      try send(frame, into: output)
      samplesWritten += Int64(count)
    }
  }

  /// Drains the encoder.
  func finish(into output: PacketWriter) throws(EngineError) { try send(nil, into: output) }

  private func send(_ frame: Frame?, into output: PacketWriter) throws(EngineError) {
    try output.encode(frame, with: encoder, stream: stream, packet: packet)
  }
}
