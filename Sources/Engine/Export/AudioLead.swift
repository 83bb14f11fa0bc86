import Composition

/// The one interleaver of sound with pictures, for the drivers that write pictures in output order (the full
/// render, the smart render, the segment join): before the pictures up to a time go out, the sound up to that
/// time does, so the muxer never holds much of either stream; at the end, the rest of the sound and the encoder
/// drained. The sound is mixed and encoded here (`AudioStreamWriter`), ending at the output's duration, or copied
/// from a job's audio file (`AudioCopy`), which was rendered to that duration.
final class AudioLead {
  private enum Sound {
    case encoded(AudioStreamWriter)
    case copied(AudioCopy, sampleRate: Int)
  }

  private let sound: Sound
  private let writer: PacketWriter
  /// The output's duration: the sound's end.
  private let duration: MediaTime

  /// The sound mixed and encoded by `encoded`, or nil when there is none.
  init?(encoded: AudioStreamWriter?, writer: PacketWriter, duration: MediaTime) {
    guard let encoded else { return nil }
    sound = .encoded(encoded)
    self.writer = writer
    self.duration = duration
  }

  /// The sound copied by `copied` (its samples at `sampleRate`).
  init(copied: AudioCopy, sampleRate: Int, writer: PacketWriter, duration: MediaTime) {
    sound = .copied(copied, sampleRate: sampleRate)
    self.writer = writer
    self.duration = duration
  }

  /// Readies the mix (a loudness target is measured over the whole of it first).
  func prepare(isCancelled: () -> Bool, interruption: EngineError) throws(EngineError) {
    if case .encoded(let audio) = sound { try audio.prepare(isCancelled: isCancelled, interruption: interruption) }
  }

  /// Writes the sound up to output time `time` (whole encoder frames; at most to the end).
  func write(upTo time: MediaTime) throws(EngineError) {
    let end = min(time, duration)
    switch sound {
    case .encoded(let audio): try audio.write(upTo: end.ticks(atRate: audio.sampleRate), into: writer)
    case .copied(let audio, _): try audio.write(upTo: end, into: writer)
    }
  }

  /// Writes the rest of the sound, a second at a time (checking `isCancelled` and telling `progress` the time
  /// reached between seconds), the short last frame included, and drains the encoder.
  func finish(
    isCancelled: () -> Bool = { false }, interruption: EngineError = .interrupted,
    progress: (MediaTime) -> Void = { _ in }
  ) throws(EngineError) {
    switch sound {
    case .encoded(let audio):
      let total = duration.ticks(atRate: audio.sampleRate)
      while audio.samplesWritten < total {
        if isCancelled() { throw interruption }
        let end = min(audio.samplesWritten + Int64(audio.sampleRate), total)
        try audio.write(upTo: end, isLast: end == total, into: writer)
        progress(MediaTime.ticks(audio.samplesWritten, rate: audio.sampleRate))
      }
      try audio.finish(into: writer)
    case .copied(let audio, _):
      try audio.write(upTo: nil, into: writer)
    }
  }

  /// The samples the output's sound holds (all of them once finished).
  var samplesWritten: Int64 {
    switch sound {
    case .encoded(let audio): return audio.samplesWritten
    case .copied(_, let rate): return duration.ticks(atRate: rate)
    }
  }
}
