/// A time range of a source placed on a track: `sourceRange` of the source plays over `compositionRange` of the
/// composition. When the two durations differ the segment plays faster or slower (AVFoundation's scaleTimeRange).
///
/// Source coordinates (times in the file) and composition coordinates (times in the output) are kept apart; the
/// conversion functions below are the only way between them.
public struct Segment: Sendable, Hashable {
  public var source: SourceID
  public var sourceRange: TimeRange
  public var compositionRange: TimeRange

  public init(source: SourceID, sourceRange: TimeRange, compositionRange: TimeRange) {
    self.source = source
    self.sourceRange = sourceRange
    self.compositionRange = compositionRange
  }

  /// A segment at normal speed: `sourceRange` starting at `compositionStart`.
  public init(source: SourceID, sourceRange: TimeRange, at compositionStart: MediaTime) {
    self.init(
      source: source, sourceRange: sourceRange,
      compositionRange: TimeRange(start: compositionStart, duration: sourceRange.duration))
  }

  /// The source time shown at composition time `time` (exact, also outside the range by extrapolation).
  public func sourceTime(at time: MediaTime) -> MediaTime {
    let offset = time - compositionRange.start
    if sourceRange.duration == compositionRange.duration { return sourceRange.start + offset }
    let scaled = offset.scaled(by: sourceRange.duration, over: compositionRange.duration) ?? .zero
    return sourceRange.start + scaled
  }

  /// The composition time at which source time `time` plays.
  public func compositionTime(at time: MediaTime) -> MediaTime {
    let offset = time - sourceRange.start
    if sourceRange.duration == compositionRange.duration { return compositionRange.start + offset }
    let scaled = offset.scaled(by: compositionRange.duration, over: sourceRange.duration) ?? .zero
    return compositionRange.start + scaled
  }
}
