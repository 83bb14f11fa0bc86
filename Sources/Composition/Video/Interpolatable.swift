/// A value a ramp can move linearly between.
public protocol Interpolatable: Sendable, Hashable {
  func interpolated(to other: Self, fraction: Double) -> Self
}

extension Double: Interpolatable {
  public func interpolated(to other: Double, fraction: Double) -> Double { self + (other - self) * fraction }
}

extension AffineTransform: Interpolatable {}
