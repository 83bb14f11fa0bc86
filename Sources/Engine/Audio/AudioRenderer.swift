import Composition

/// Renders the audio mix block by block: for composition samples [k, k + n), every audio track's segments that
/// play then are read at their source positions, scaled by the track's volume, summed, and limited.
///
/// Segment boundaries are sample indices computed from each segment's exact composition times, never by adding
/// up rounded lengths, so hundreds of segments stay in sync.
final class AudioRenderer {
  /// What happens to the mix before it leaves.
  enum Finish {
    /// A peak limiter keeps it from clipping (the default).
    case clipGuard
    /// Nothing: the sum as it is, for measuring.
    case raw
    /// Scaled by `gain` (linear), then held under `ceiling` (linear true peak) by a look-ahead limiter.
    case normalize(gain: Float, ceiling: Float)
  }

  private let composition: Composition
  let format: AudioFormat
  private let finish: Finish
  private var limiter = Limiter()
  private var truePeak: TruePeakLimiter?
  private var duckers: [TrackID: Ducker] = [:]
  private var readers: [TrackID: (segment: Int, reader: any SegmentSound)] = [:]
  private var mix: [[Float]]
  private var ducked: [[Float]]
  /// Where the next block is expected to start (the look-ahead limiter is primed again for any other).
  private var nextStart: Int64?

  private let damage: DamageLog

  init(composition: Composition, format: AudioFormat, damage: DamageLog, finish: Finish = .clipGuard) {
    self.composition = composition
    self.damage = damage
    self.format = format
    self.finish = finish
    mix = Array(repeating: [], count: format.channels)
    ducked = mix
  }

  /// Whether the composition has any audio to mix.
  var hasAudio: Bool { composition.hasAudio }

  /// Mixes composition samples [start, start + count) into `output` (one array per channel, at least `count`).
  func render(from start: Int64, count: Int, into output: inout [[Float]]) throws(EngineError) {
    switch finish {
    case .clipGuard:
      try mixBlock(from: start, count: count)
      limiter.process(&mix, count: count)
    case .raw:
      try mixBlock(from: start, count: count)
    case .normalize(let gain, let ceiling):
      let latency = TruePeakLimiter.latency
      if truePeak == nil || nextStart != start {
        var fresh = TruePeakLimiter(ceiling: ceiling, channels: format.channels, sampleRate: format.sampleRate)
        try mixBlock(from: start, count: latency)
        scale(by: gain, count: latency)
        fresh.process(&mix, count: latency)
        truePeak = fresh
      }
      try mixBlock(from: start + Int64(latency), count: count)
      scale(by: gain, count: count)
      truePeak?.process(&mix, count: count)
    }
    nextStart = start + Int64(count)
    for channel in 0..<format.channels {
      for i in 0..<count { output[channel][i] = mix[channel][i] }
    }
  }

  private func scale(by gain: Float, count: Int) {
    for channel in 0..<format.channels {
      for i in 0..<count { mix[channel][i] *= gain }
    }
  }

  /// The sum of every audio track at composition samples [start, start + count) into `mix`: the tracks that
  /// duck are lowered while the others (their side chain) sound.
  private func mixBlock(from start: Int64, count: Int) throws(EngineError) {
    Self.clear(&mix, count: count)
    let tracks = composition.tracks(of: .audio)
    for track in tracks where composition.audioMix.ducking(of: track.id) == nil {
      try add(track, from: start, count: count, into: &mix)
    }
    for track in tracks {
      guard let ducking = composition.audioMix.ducking(of: track.id) else { continue }
      Self.clear(&ducked, count: count)
      try add(track, from: start, count: count, into: &ducked)
      var ducker = duckers[track.id] ?? Ducker(ducking, sampleRate: format.sampleRate)
      ducker.process(&ducked, rest: mix, count: count)
      duckers[track.id] = ducker
      for channel in 0..<format.channels {
        for i in 0..<count { mix[channel][i] += ducked[channel][i] }
      }
    }
  }

  private static func clear(_ buffers: inout [[Float]], count: Int) {
    for channel in buffers.indices {
      if buffers[channel].count < count { buffers[channel] = Array(repeating: 0, count: count) }
      buffers[channel].withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
    }
  }

  /// Adds `track`'s segments that play in [start, start + count), at their volume, into `buffers`.
  private func add(_ track: Track, from start: Int64, count: Int, into buffers: inout [[Float]]) throws(EngineError) {
    let end = start + Int64(count)
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
      let offset = Int(from - start)
      let gains = Self.gains(volume, from: from, count: Int(to - from), rate: format.sampleRate)
      try reader.read(count: Int(to - from), into: &buffers, offset: offset) { gains[$0] }
    }
    if !playing { readers[track.id] = nil }
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
  static func readRate(_ segment: TrackSegment, mixRate: Int) -> Int {
    guard segment.sourceRange.duration != segment.compositionRange.duration,
      let scaled = MediaTime(seconds: Int64(mixRate)).scaled(
        by: segment.compositionRange.duration, over: segment.sourceRange.duration)
    else { return mixRate }
    return min(max(Int(scaled.count(of: MediaTime(seconds: 1), rounding: .toNearestOrAwayFromZero)), 1000), 768_000)
  }

  private func reader(for track: TrackID, segment index: Int, source: Source, firstSample: Int64, from: Int64)
    throws(EngineError) -> any SegmentSound
  {
    if let open = readers[track], open.segment == index { return open.reader }
    readers[track] = nil
    guard let segment = composition.track(track)?.segments[index] else {
      throw EngineError.internalFailure(.audio, "no segment \(index) in \(track)")
    }
    // Start reading where this block enters the segment (the segment may have begun before this render).
    let reader = try sound(of: segment, path: source.path, skip: from - firstSample)
    readers[track] = (index, reader)
    return reader
  }

  /// The sound of `segment` from `skip` mix samples into it. Played faster or slower, it is stretched with its
  /// pitch kept (Rubber Band), or, with the pitch following, resampled to fewer or more samples as on a tape
  /// (the source read at `readRate` samples per source second). Reversed, the source is read from the end down.
  private func sound(of segment: TrackSegment, path: String, skip: Int64) throws(EngineError) -> any SegmentSound {
    if segment.playback == .frozen { return SilentSound() }
    let stretches = segment.sourceRange.duration != segment.compositionRange.duration
    let keepsPitch = stretches && composition.export.audioTimePitch == .keep
    let rate = keepsPitch ? format.sampleRate : Self.readRate(segment, mixRate: format.sampleRate)
    let at = AudioFormat(sampleRate: rate, channels: format.channels)
    // With the pitch kept, the source is read at the mix rate: `skip` output samples are fewer or more of it.
    let sourceSkip =
      keepsPitch
      ? MediaTime.ticks(skip, rate: format.sampleRate).scaled(
        by: segment.sourceRange.duration, over: segment.compositionRange.duration)?.ticks(atRate: rate) ?? 0
      : skip
    let start = segment.sourceRange.start.ticks(atRate: rate)
    let read: any SegmentSound =
      segment.playback == .reversed
      ? ReverseAudioReader(
        path: path, format: at, start: start, end: segment.sourceRange.end.ticks(atRate: rate), skip: sourceSkip,
        damage: damage)
      : try AudioReader(path: path, format: at, start: start + sourceSkip, damage: damage)
    guard keepsPitch else { return read }
    let ratio = segment.compositionRange.duration.seconds / segment.sourceRange.duration.seconds
    return try StretchedSound(read, ratio: ratio, format: format)
  }
}
