/// Where a layer shows: inside a rectangle or the ellipse inscribed in it, in render pixels, which can be set at
/// times or ramped like a transform (a wipe is a rectangle growing across the frame, an iris a growing ellipse).
/// Outside, the layers below show through. The edge is antialiased; `feather` widens it into a soft edge that
/// many pixels wide, centred on the shape's outline.
public struct LayerMask: Sendable, Hashable {
  /// The shape the layer shows through: the rectangle itself or the ellipse inscribed in it.
  public enum Shape: String, Sendable, Hashable, CaseIterable {
    /// The rectangle itself (a wipe grows one across the frame).
    case rectangle
    /// The ellipse inscribed in the rectangle, a circle in a square (an iris grows one from the centre).
    case ellipse
  }

  /// Whether the layer shows inside the rectangle or inside the ellipse inscribed in it.
  public var shape: Shape
  /// The rectangle (or the ellipse's bounding box) in render pixels; it may reach outside the frame or be empty.
  public var rect: Keyframed<Rect>
  /// The soft edge's width in render pixels (0: a hard, antialiased edge).
  public var feather: Double

  /// A mask of `shape` in `rect`, with an edge `feather` pixels soft (hard by default).
  public init(shape: Shape, rect: Keyframed<Rect>, feather: Double = 0) {
    self.shape = shape
    self.rect = rect
    self.feather = feather
  }

  /// The largest soft edge a mask takes, in pixels.
  public static let maximumFeather = 4096.0
}
