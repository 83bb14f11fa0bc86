import Composition

/// A source's samples [start, end) (at `format`'s rate) from the last back to the first, then silence. Read
/// forwards a chunk at a time from the end down, each chunk reversed, so memory is one chunk whatever the
/// range's length.
final class ReverseAudioReader: SegmentSound {
  let path: String
  private let format: AudioFormat
  private let start: Int64
  private let damage: DamageLog
  /// The source sample index the next sample read comes just before (it is `next - 1`).
  private var next: Int64
  /// The current chunk, reversed: `chunk[c][0]` is source sample `chunkEnd - 1`.
  private var chunk: [[Float]] = []
  private var chunkEnd: Int64 = 0

  /// Samples per chunk: four seconds.
  private var chunkLength: Int { format.sampleRate * 4 }

  /// Reads [start, end) backwards, beginning `skip` samples down from `end`.
  init(path: String, format: AudioFormat, start: Int64, end: Int64, skip: Int64, damage: DamageLog) {
    self.path = path
    self.format = format
    self.start = start
    self.damage = damage
    next = end - skip
  }

  func read(count: Int, into mix: inout [[Float]], offset: Int, gain: (Int) -> Float) throws(EngineError) {
    var done = 0
    while done < count {
      guard next > start else { return }
      if chunk.isEmpty || next <= chunkEnd - Int64(chunk[0].count) || next > chunkEnd { try load(endingAt: next) }
      // Samples still to give from this chunk: source indices [chunkStart, next).
      let from = Int(chunkEnd - next)
      let n = min(count - done, chunk[0].count - from)
      for channel in 0..<format.channels {
        for i in 0..<n { mix[channel][offset + done + i] += chunk[channel][from + i] * gain(done + i) }
      }
      next -= Int64(n)
      done += n
    }
  }

  private func load(endingAt end: Int64) throws(EngineError) {
    let first = max(start, end - Int64(chunkLength))
    let reader = try AudioReader(path: path, format: format, start: first, damage: damage)
    chunk = try reader.samples(Int(end - first), channels: format.channels).map { Array($0.reversed()) }
    chunkEnd = end
  }
}
