import Foundation

/// A change from one value to another over a half-open time range: linear, along an equal-power curve, or eased
/// (starting slowly, ending slowly, or both).
public struct Ramp<Value: Interpolatable>: Sendable, Hashable {
  /// How the value moves between the ends.
  public enum Curve: String, Sendable, Hashable, CaseIterable {
    /// Evenly.
    case linear
    /// As a quarter sine (rising) or cosine (falling): two such ramps crossing keep the summed power constant,
    /// the shape of an audio crossfade.
    case equalPower
    /// Slowly at first (quadratic).
    case easeIn
    /// Slowly at the end.
    case easeOut
    /// Slowly at both ends, fastest in the middle.
    case easeInOut

    /// The curves' names, for messages.
    public static var names: String { "linear, equalPower, easeIn, easeOut or easeInOut" }
  }

  /// The value at the range's start.
  public var from: Value
  /// The value at the range's end, held after it.
  public var to: Value
  /// The stretch of composition time over which the value moves.
  public var timeRange: TimeRange
  /// How the value moves between the ends.
  public var curve: Curve

  /// A ramp from `from` to `to` over `timeRange`, along `curve` (evenly by default).
  public init(from: Value, to: Value, over timeRange: TimeRange, curve: Curve = .linear) {
    self.from = from
    self.to = to
    self.timeRange = timeRange
    self.curve = curve
  }

  /// The value at `time`, which must be inside the range: `from` at its start, moving toward `to`.
  public func value(at time: MediaTime) -> Value {
    guard timeRange.duration > .zero else { return to }
    let fraction = min(max((time - timeRange.start).ratio(to: timeRange.duration), 0), 1)
    return from.interpolated(to: to, fraction: shaped(fraction))
  }

  private func shaped(_ f: Double) -> Double {
    switch curve {
    case .linear:
      return f
    case .equalPower:
      // Rising: sin(f·π/2). Falling: the weight of `from` is cos(f·π/2), so the fraction toward `to` is 1 − cos.
      return isRising ? sin(f * .pi / 2) : 1 - cos(f * .pi / 2)
    case .easeIn:
      return f * f
    case .easeOut:
      return 1 - (1 - f) * (1 - f)
    case .easeInOut:
      return f < 0.5 ? 2 * f * f : 1 - 2 * (1 - f) * (1 - f)
    }
  }

  /// Whether the ramp goes up (for numbers; other values count as rising).
  private var isRising: Bool {
    guard let a = from as? Double, let b = to as? Double else { return true }
    return b >= a
  }
}
