/// A time range of a source placed on a track (AVFoundation's AVCompositionTrackSegment): `sourceRange` of the
/// source plays over `compositionRange` of the composition. When the two durations differ the segment plays
/// faster or slower (AVFoundation's scaleTimeRange).
///
/// Source coordinates (times in the file) and composition coordinates (times in the output) are kept apart; the
/// conversion functions below are the only way between them.
public struct TrackSegment: Sendable, Hashable {
  /// Which way the source range plays.
  public enum Playback: String, Sendable, Hashable {
    /// From the range's start to its end.
    case forward
    /// From the range's end back to its start: composition time t shows the source picture of the instant just
    /// before `sourceTime(at: t)`, and the sound plays backwards.
    case reversed
    /// One picture held: the source's picture at `sourceRange.start` for the whole composition range (the range
    /// is empty), in silence.
    case frozen
  }

  /// The source the segment plays.
  public var source: SourceID
  /// The part of the source that plays, in source time (empty for a frozen picture).
  public var sourceRange: TimeRange
  /// Where the segment lies on the track, in composition time.
  public var compositionRange: TimeRange
  /// Which way the source range plays: forward, reversed or frozen.
  public var playback: Playback

  /// A segment playing `sourceRange` of `source` over `compositionRange`, forward unless `playback` says otherwise.
  public init(source: SourceID, sourceRange: TimeRange, compositionRange: TimeRange, playback: Playback = .forward) {
    self.source = source
    self.sourceRange = sourceRange
    self.compositionRange = compositionRange
    self.playback = playback
  }

  /// `range` of a source played at `rate` from composition time `start`, or, with `freeze`, the picture at
  /// `freeze.start` held for `freeze.duration` (how a clip's fragment plays: `&speed=`, `#freeze=`).
  public static func playing(
    source: SourceID, range: TimeRange, at start: MediaTime, rate: PlaybackRate, freeze: TimeRange? = nil
  ) -> TrackSegment {
    if let freeze {
      return .frozen(source: source, at: freeze.start, over: TimeRange(start: start, duration: freeze.duration))
    }
    return TrackSegment(
      source: source, sourceRange: range,
      compositionRange: TimeRange(start: start, duration: rate.outputDuration(of: range.duration)),
      playback: rate.isReversed ? .reversed : .forward)
  }

  /// The picture of source time `at` held over `compositionRange`.
  public static func frozen(source: SourceID, at time: MediaTime, over compositionRange: TimeRange) -> TrackSegment {
    TrackSegment(
      source: source, sourceRange: TimeRange(start: time, duration: .zero), compositionRange: compositionRange,
      playback: .frozen)
  }

  /// A segment at normal speed: `sourceRange` starting at `compositionStart`.
  public init(source: SourceID, sourceRange: TimeRange, at compositionStart: MediaTime) {
    self.init(
      source: source, sourceRange: sourceRange,
      compositionRange: TimeRange(start: compositionStart, duration: sourceRange.duration))
  }

  /// Whether source and composition time run at the same rate in the same direction.
  public var isNormalSpeed: Bool { playback == .forward && sourceRange.duration == compositionRange.duration }

  /// The source time shown at composition time `time` (exact, also outside the range by extrapolation); for a
  /// reversed segment, the instant whose picture shows just before it.
  public func sourceTime(at time: MediaTime) -> MediaTime {
    let offset = time - compositionRange.start
    switch playback {
    case .frozen:
      return sourceRange.start
    case .forward:
      if sourceRange.duration == compositionRange.duration { return sourceRange.start + offset }
      return sourceRange.start + (offset.scaled(by: sourceRange.duration, over: compositionRange.duration) ?? .zero)
    case .reversed:
      if sourceRange.duration == compositionRange.duration { return sourceRange.end - offset }
      return sourceRange.end - (offset.scaled(by: sourceRange.duration, over: compositionRange.duration) ?? .zero)
    }
  }

  /// The composition time at which source time `time` plays (the segment's start for a frozen one).
  public func compositionTime(at time: MediaTime) -> MediaTime {
    let offset = time - sourceRange.start
    switch playback {
    case .frozen:
      return compositionRange.start
    case .forward:
      if sourceRange.duration == compositionRange.duration { return compositionRange.start + offset }
      return compositionRange.start
        + (offset.scaled(by: compositionRange.duration, over: sourceRange.duration) ?? .zero)
    case .reversed:
      let fromEnd = sourceRange.end - time
      if sourceRange.duration == compositionRange.duration { return compositionRange.start + fromEnd }
      return compositionRange.start
        + (fromEnd.scaled(by: compositionRange.duration, over: sourceRange.duration) ?? .zero)
    }
  }
}
