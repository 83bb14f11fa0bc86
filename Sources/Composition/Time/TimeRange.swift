/// A half-open range of time `[start, start + duration)`, like CMTimeRange.
public struct TimeRange: Sendable, Hashable {
  public var start: MediaTime
  public var duration: MediaTime

  public init(start: MediaTime, duration: MediaTime) {
    self.start = start
    self.duration = duration
  }

  public init(start: MediaTime, end: MediaTime) {
    self.start = start
    self.duration = end - start
  }

  /// The first time after the range.
  public var end: MediaTime { start + duration }

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
  public var description: String { "[\(start), \(end))" }
}
