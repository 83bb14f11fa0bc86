/// A linear change from one value to another over a half-open time range.
public struct Ramp<Value: Interpolatable>: Sendable, Hashable {
  public var from: Value
  public var to: Value
  public var timeRange: TimeRange

  public init(from: Value, to: Value, over timeRange: TimeRange) {
    self.from = from
    self.to = to
    self.timeRange = timeRange
  }

  /// The value at `time`, which must be inside the range: `from` at its start, moving linearly toward `to`.
  public func value(at time: MediaTime) -> Value {
    guard timeRange.duration > .zero else { return to }
    let fraction = (time - timeRange.start).ratio(to: timeRange.duration)
    return from.interpolated(to: to, fraction: min(max(fraction, 0), 1))
  }
}
