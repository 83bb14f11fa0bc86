/// A value that changes over time the way AVFoundation's layer instructions do: it starts at `initial`; each
/// change either sets a value from a time on, or ramps linearly over a range and then holds the ramp's end value.
public struct Keyframed<Value: Interpolatable>: Sendable, Hashable {
  /// One change of the value: a value set from a time on, or a ramp over a range.
  public enum Change: Sendable, Hashable {
    /// The value given, from time `at` on (until a later change).
    case set(Value, at: MediaTime)
    /// A move from the ramp's `from` to its `to` over its time range, the `to` value held after it.
    case ramp(Ramp<Value>)

    /// When the change takes effect.
    public var start: MediaTime {
      switch self {
      case .set(_, let time): return time
      case .ramp(let ramp): return ramp.timeRange.start
      }
    }

    /// Every value the change can produce (its ends, for a ramp).
    public var values: [Value] {
      switch self {
      case .set(let value, _): return [value]
      case .ramp(let ramp): return [ramp.from, ramp.to]
      }
    }
  }

  /// The value before the first change.
  public var initial: Value
  /// Changes in the order of their start times.
  public private(set) var changes: [Change]

  /// A value starting at `initial`, then changing as `changes` say (sorted here by their start times).
  public init(_ initial: Value, changes: [Change] = []) {
    self.initial = initial
    self.changes = changes.sorted { $0.start < $1.start }
  }

  /// Sets `value` from `time` on (AVFoundation's setOpacity(_:at:)).
  public mutating func set(_ value: Value, at time: MediaTime) {
    insert(.set(value, at: time))
  }

  /// Ramps from `from` to `to` over `range` (AVFoundation's setOpacityRamp(fromStartOpacity:toEndOpacity:timeRange:)).
  public mutating func ramp(from: Value, to: Value, over range: TimeRange, curve: Ramp<Value>.Curve = .linear) {
    insert(.ramp(Ramp(from: from, to: to, over: range, curve: curve)))
  }

  private mutating func insert(_ change: Change) {
    let index = changes.firstIndex { $0.start > change.start } ?? changes.endIndex
    changes.insert(change, at: index)
  }

  /// Every value this can take: the initial value and each change's values.
  public var allValues: [Value] { [initial] + changes.flatMap(\.values) }

  /// Whether it never changes.
  public var isConstant: Bool { Set(allValues).count == 1 }

  /// The value at `time`.
  public func value(at time: MediaTime) -> Value {
    guard let last = changes.last(where: { $0.start <= time }) else { return initial }
    switch last {
    case .set(let value, _):
      return value
    case .ramp(let ramp):
      return ramp.timeRange.contains(time) ? ramp.value(at: time) : ramp.to
    }
  }
}
