/// A rectangle in pixels, origin at the top-left, y down.
public struct Rect: Sendable, Hashable {
  public var x, y, width, height: Double

  public init(x: Double, y: Double, width: Double, height: Double) {
    (self.x, self.y, self.width, self.height) = (x, y, width, height)
  }
}
