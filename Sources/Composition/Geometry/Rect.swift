/// A rectangle in pixels, origin at the top-left, y down.
public struct Rect: Sendable, Hashable {
  /// The top-left corner (`x`, `y`) and the size, in pixels.
  public var x, y, width, height: Double

  /// A rectangle with its top-left corner at (`x`, `y`), `width` across and `height` down.
  public init(x: Double, y: Double, width: Double, height: Double) {
    (self.x, self.y, self.width, self.height) = (x, y, width, height)
  }
}
