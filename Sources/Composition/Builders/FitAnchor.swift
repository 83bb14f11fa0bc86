/// Which part of a fitted picture the frame keeps (with `cover`) or where it sits between bars (with `contain`):
/// a reel cut from a landscape clip keeps its left, centre or right; a portrait one its top or bottom.
public enum FitAnchor: String, Sendable, Hashable, CaseIterable {
  case center, top, bottom, left, right
  case topLeft = "top-left"
  case topRight = "top-right"
  case bottomLeft = "bottom-left"
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
