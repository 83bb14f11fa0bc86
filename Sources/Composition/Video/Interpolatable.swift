/// A value a ramp can move linearly between.
public protocol Interpolatable: Sendable, Hashable {
  /// The value `fraction` of the way from this one to `other` (0: this one, 1: `other`).
  func interpolated(to other: Self, fraction: Double) -> Self
}

extension Double: Interpolatable {
  /// The number `fraction` of the way from this one to `other` (0: this one, 1: `other`).
  public func interpolated(to other: Double, fraction: Double) -> Double { self + (other - self) * fraction }
}

extension AffineTransform2D: Interpolatable {}

extension Rect: Interpolatable {
  /// The rectangle `f` of the way from this one to `other`: x, y, width and height each moved linearly.
  public func interpolated(to other: Rect, fraction f: Double) -> Rect {
    Rect(
      x: x.interpolated(to: other.x, fraction: f), y: y.interpolated(to: other.y, fraction: f),
      width: width.interpolated(to: other.width, fraction: f),
      height: height.interpolated(to: other.height, fraction: f))
  }
}
