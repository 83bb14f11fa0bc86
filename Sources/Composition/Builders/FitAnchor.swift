/// Which part of a fitted picture the frame keeps (with `cover`) or where it sits between bars (with `contain`):
/// a reel cut from a landscape clip keeps its left, centre or right; a portrait one its top or bottom.
public enum FitAnchor: String, Sendable, Hashable, CaseIterable {
  /// Centred both ways: the bars (or the parts cut off) split evenly between opposite sides (the default).
  case center
  /// Against the top edge, centred across: the bars (or the part cut off) fall below.
  case top
  /// Against the bottom edge, centred across: the bars (or the part cut off) fall above.
  case bottom
  /// Against the left edge, centred up and down: the bars (or the part cut off) fall to the right.
  case left
  /// Against the right edge, centred up and down: the bars (or the part cut off) fall to the left.
  case right
  /// Against the top and left edges: the bars (or the part cut off) fall to the right and below.
  case topLeft = "top-left"
  /// Against the top and right edges: the bars (or the part cut off) fall to the left and below.
  case topRight = "top-right"
  /// Against the bottom and left edges: the bars (or the part cut off) fall to the right and above.
  case bottomLeft = "bottom-left"
  /// Against the bottom and right edges: the bars (or the part cut off) fall to the left and above.
  case bottomRight = "bottom-right"

  /// Where the picture's spare width and height go: 0 all after it (left, top), 1/2 even, 1 all before it.
  var fractions: (x: Double, y: Double) {
    switch self {
    case .center: return (0.5, 0.5)
    case .top: return (0.5, 0)
    case .bottom: return (0.5, 1)
    case .left: return (0, 0.5)
    case .right: return (1, 0.5)
    case .topLeft: return (0, 0)
    case .topRight: return (1, 0)
    case .bottomLeft: return (0, 1)
    case .bottomRight: return (1, 1)
    }
  }
}
