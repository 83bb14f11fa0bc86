import Composition

/// Renders the audio mix block by block: for composition samples [k, k + n), every audio track's segments that
/// play then are read at their source positions, scaled by the track's volume, summed, and limited.
///
/// Segment boundaries are sample indices computed from each segment's exact composition times, never by adding
/// up rounded lengths, so hundreds of segments stay in sync.
final class AudioRenderer {
  private let composition: Composition
  let format: AudioFormat
  private var limiter = Limiter()
  private var readers: [TrackID: (segment: Int, reader: AudioReader)] = [:]
  private var mix: [[Float]]

  private let damage: DamageLog

  init(composition: Composition, format: AudioFormat, damage: DamageLog) {
    self.composition = composition
    self.damage = damage
    self.format = format
    mix = Array(repeating: [], count: format.channels)
  }

  /// Whether the composition has any audio to mix.
  var hasAudio: Bool { composition.hasAudio }

  /// Mixes composition samples [start, start + count) into `output` (one array per channel, at least `count`).
  func render(from start: Int64, count: Int, into output: inout [[Float]]) throws(EngineError) {
    for channel in 0..<format.channels {
      if mix[channel].count < count { mix[channel] = Array(repeating: 0, count: count) }
      mix[channel].withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
    }
    let end = start + Int64(count)
    for track in composition.tracks(of: .audio) {
      let volume = composition.audioMix.volume(of: track.id)
      var playing = false
      for (index, segment) in track.segments.enumerated() {
        let first = segment.compositionRange.start.ticks(atRate: format.sampleRate)
        let last = segment.compositionRange.end.ticks(atRate: format.sampleRate)
        let from = max(first, start)
        let to = min(last, end)
        guard from < to, let source = composition.source(segment.source) else { continue }
        playing = true
        let reader = try reader(for: track.id, segment: index, source: source, firstSample: first, from: from)
        let rate = format.sampleRate
        let offset = Int(from - start)
        let gains = Self.gains(volume, from: from, count: Int(to - from), rate: rate)
        try reader.read(count: Int(to - from), into: &mix, offset: offset) { gains[$0] }
      }
      if !playing { readers[track.id] = nil }
    }
    limiter.process(&mix, count: count)
    for channel in 0..<format.channels {
      for i in 0..<count { output[channel][i] = mix[channel][i] }
    }
  }

  /// The volume at each sample, evaluated exactly every 64 samples and linear in between.
  static func gains(_ volume: Keyframed<Double>, from: Int64, count: Int, rate: Int) -> [Float] {
    if volume.isConstant { return Array(repeating: Float(volume.initial), count: count) }
    var gains = [Float](repeating: 0, count: count)
    var i = 0
    while i < count {
      let n = min(64, count - i)
      let a = Float(volume.value(at: MediaTime.ticks(from + Int64(i), rate: rate)))
      let b = Float(volume.value(at: MediaTime.ticks(from + Int64(i + n), rate: rate)))
      for j in 0..<n { gains[i + j] = a + (b - a) * Float(j) / Float(n) }
      i += n
    }
    return gains
  }

  /// Samples per source second so that the segment's source range fills its composition range at `mixRate`.
  static func readRate(_ segment: Segment, mixRate: Int) -> Int {
    guard segment.sourceRange.duration != segment.compositionRange.duration,
      let scaled = MediaTime(seconds: Int64(mixRate)).scaled(
        by: segment.compositionRange.duration, over: segment.sourceRange.duration)
    else { return mixRate }
    return min(max(Int(scaled.count(of: MediaTime(seconds: 1), rounding: .toNearestOrAwayFromZero)), 1000), 768_000)
  }

  private func reader(for track: TrackID, segment index: Int, source: Source, firstSample: Int64, from: Int64)
    throws(EngineError) -> AudioReader
  {
    if let open = readers[track], open.segment == index { return open.reader }
    readers[track] = nil
    guard let segment = composition.track(track)?.segments[index] else {
      throw EngineError.internalFailure(.audio, "no segment \(index) in \(track)")
    }
    // A segment that plays faster or slower is resampled to fewer or more samples (the pitch changes with the
    // speed, as on a tape): the source is read at `rate` samples per source second.
    let rate = Self.readRate(segment, mixRate: format.sampleRate)
    // Start reading where this block enters the segment (the segment may have begun before this render).
    let sourceStart = segment.sourceRange.start.ticks(atRate: rate) + (from - firstSample)
    let reader = try AudioReader(
      path: source.path, format: AudioFormat(sampleRate: rate, channels: format.channels), start: sourceStart,
      damage: damage)
    readers[track] = (index, reader)
    return reader
  }
}
