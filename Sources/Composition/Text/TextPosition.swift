/// Where text sits in the frame: one of nine anchors, its lines aligned the same way (left, centre, right).
public enum TextPosition: String, Sendable, Hashable, CaseIterable {
  case topLeft = "top-left"
  case top
  case topRight = "top-right"
  case left, center, right
  case bottomLeft = "bottom-left"
  case bottom
  case bottomRight = "bottom-right"

  /// The numeric keypad number ASS uses for the anchor (1 bottom left ... 9 top right).
  public var keypad: Int {
    switch self {
    case .bottomLeft: return 1
    case .bottom: return 2
    case .bottomRight: return 3
    case .left: return 4
    case .center: return 5
    case .right: return 6
    case .topLeft: return 7
    case .top: return 8
    case .topRight: return 9
    }
  }
}
