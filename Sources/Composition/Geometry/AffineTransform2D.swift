import Foundation

/// A 2-D affine transform with CGAffineTransform's layout: a point (x, y) maps to
/// `(a·x + c·y + tx, b·x + d·y + ty)`. Coordinates are pixels with y pointing down, so a positive rotation turns
/// clockwise on screen.
public struct AffineTransform2D: Sendable, Hashable {
  /// The matrix entries: `a`, `b`, `c`, `d` scale, turn and shear; `tx`, `ty` move, in pixels.
  public var a, b, c, d, tx, ty: Double

  /// A transform of the given matrix entries.
  public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
    (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
  }

  /// The transform that leaves every point where it is.
  public static let identity = AffineTransform2D(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

  /// A move by `x` pixels right and `y` pixels down.
  public static func translation(x: Double, y: Double) -> AffineTransform2D {
    AffineTransform2D(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
  }

  /// A scale by `x` across and `y` down, about the origin.
  public static func scale(x: Double, y: Double) -> AffineTransform2D {
    AffineTransform2D(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
  }

  /// Rotation by `degrees` clockwise on screen, about the origin. Quarter turns are exact.
  public static func rotation(degrees: Double) -> AffineTransform2D {
    let turns = degrees / 90
    if turns == turns.rounded() {
      let quarter = ((Int(turns) % 4) + 4) % 4
      let (cos, sin): (Double, Double) = [(1, 0), (0, 1), (-1, 0), (0, -1)][quarter]
      return AffineTransform2D(a: cos, b: sin, c: -sin, d: cos, tx: 0, ty: 0)
    }
    let r = degrees * .pi / 180
    return AffineTransform2D(
      a: Foundation.cos(r), b: Foundation.sin(r), c: -Foundation.sin(r), d: Foundation.cos(r), tx: 0, ty: 0)
  }

  /// `self` followed by `next`: the point goes through `self` first.
  public func concatenating(_ next: AffineTransform2D) -> AffineTransform2D {
    AffineTransform2D(
      a: a * next.a + b * next.c,
      b: a * next.b + b * next.d,
      c: c * next.a + d * next.c,
      d: c * next.b + d * next.d,
      tx: tx * next.a + ty * next.c + next.tx,
      ty: tx * next.b + ty * next.d + next.ty)
  }

  /// The factor by which the transform scales areas (negative when it mirrors, 0 when it collapses the plane).
  public var determinant: Double { a * d - b * c }

  /// The inverse, or nil when the transform collapses the plane (determinant 0) or is not finite.
  public func inverted() -> AffineTransform2D? {
    let det = determinant
    guard det.isFinite, abs(det) > 1e-12 else { return nil }
    return AffineTransform2D(
      a: d / det, b: -b / det, c: -c / det, d: a / det,
      tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
  }

  /// Where the point (`x`, `y`) goes.
  public func apply(x: Double, y: Double) -> (x: Double, y: Double) {
    (a * x + c * y + tx, b * x + d * y + ty)
  }

  /// The axis-aligned bounding box of the rectangle `[0, width) × [0, height)` after this transform.
  public func boundingBox(width: Double, height: Double) -> Rect {
    let corners = [apply(x: 0, y: 0), apply(x: width, y: 0), apply(x: 0, y: height), apply(x: width, y: height)]
    let xs = corners.map(\.x)
    let ys = corners.map(\.y)
    let minX = xs.min() ?? 0
    let minY = ys.min() ?? 0
    return Rect(x: minX, y: minY, width: (xs.max() ?? 0) - minX, height: (ys.max() ?? 0) - minY)
  }

  /// True when x maps only to x and y only to y (no rotation or shear).
  public var isAxisAligned: Bool { b == 0 && c == 0 }

  /// True when no entry is infinite or NaN.
  public var isFinite: Bool { [a, b, c, d, tx, ty].allSatisfy(\.isFinite) }

  /// The largest scale factor and offset a layer may have: far beyond any picture (a 16384-pixel frame is a
  /// thousand times a 16-pixel source), near enough that pixel positions stay exact in the blitter's fixed point.
  public static let maximumScale = 1_000.0
  /// The largest offset, in pixels, a layer's transform may have (`tx` and `ty`).
  public static let maximumOffset = 1_000_000.0

  /// Finite, with scale and offset within the limits above.
  public var isWithinLimits: Bool {
    isFinite && [a, b, c, d].allSatisfy { abs($0) <= Self.maximumScale }
      && [tx, ty].allSatisfy { abs($0) <= Self.maximumOffset }
  }

  /// Component-wise linear interpolation, as AVFoundation ramps a transform.
  public func interpolated(to other: AffineTransform2D, fraction f: Double) -> AffineTransform2D {
    func mix(_ p: Double, _ q: Double) -> Double { p + (q - p) * f }
    return AffineTransform2D(
      a: mix(a, other.a), b: mix(b, other.b), c: mix(c, other.c), d: mix(d, other.d),
      tx: mix(tx, other.tx), ty: mix(ty, other.ty))
  }
}
