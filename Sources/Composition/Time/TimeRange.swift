/// A half-open range of time `[start, start + duration)`, like CMTimeRange.
public struct TimeRange: Sendable, Hashable {
  /// The first time in the range.
  public var start: MediaTime
  /// How long the range lasts (zero or below: an empty range).
  public var duration: MediaTime

  /// The range of `duration` from `start`.
  public init(start: MediaTime, duration: MediaTime) {
    self.start = start
    self.duration = duration
  }

  /// The range from `start` to `end`, excluded.
  public init(start: MediaTime, end: MediaTime) {
    self.start = start
    self.duration = end - start
  }

  /// The first time after the range.
  public var end: MediaTime { start + duration }

  /// Whether the range holds no time (its duration is zero or below).
  public var isEmpty: Bool { duration <= .zero }

  /// Whether `time` is in `[start, end)`.
  public func contains(_ time: MediaTime) -> Bool { time >= start && time < end }

  /// Whether the two ranges share any time (touching ends do not).
  public func overlaps(_ other: TimeRange) -> Bool {
    !isEmpty && !other.isEmpty && start < other.end && other.start < end
  }

  /// The time both ranges cover, or nil.
  public func intersection(_ other: TimeRange) -> TimeRange? {
    let s = max(start, other.start)
    let e = min(end, other.end)
    return s < e ? TimeRange(start: s, end: e) : nil
  }
}

extension TimeRange: CustomStringConvertible {
  /// `[start, end)`, each as `MediaTime` writes it (`[0, 5/2)`).
  public var description: String { "[\(start), \(end))" }
}
