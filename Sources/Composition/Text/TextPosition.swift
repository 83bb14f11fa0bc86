/// Where text sits in the frame: one of nine anchors, its lines aligned the same way (left, centre, right).
public enum TextPosition: String, Sendable, Hashable, CaseIterable {
  /// In the top left corner, lines aligned left.
  case topLeft = "top-left"
  /// At the top, centred across, lines centred.
  case top
  /// In the top right corner, lines aligned right.
  case topRight = "top-right"
  /// At the left edge, halfway down, lines aligned left.
  case left
  /// In the middle of the frame, lines centred.
  case center
  /// At the right edge, halfway down, lines aligned right.
  case right
  /// In the bottom left corner, lines aligned left.
  case bottomLeft = "bottom-left"
  /// At the bottom, centred across, lines centred (the default: where captions go).
  case bottom
  /// In the bottom right corner, lines aligned right.
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
