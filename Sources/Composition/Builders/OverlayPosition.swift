/// Where the overlay of a picture-in-picture goes.
public enum OverlayPosition: Sendable, Hashable {
  /// The top left corner, `margin` pixels in from the top and left edges.
  case topLeft
  /// The top right corner, `margin` pixels in from the top and right edges (the default).
  case topRight
  /// The bottom left corner, `margin` pixels in from the bottom and left edges.
  case bottomLeft
  /// The bottom right corner, `margin` pixels in from the bottom and right edges.
  case bottomRight
  /// The middle of the frame (the margin does not apply).
  case center
  /// The overlay's top-left corner, in render pixels.
  case point(x: Double, y: Double)

  /// Parses `top-right`, `top-left`, `bottom-left`, `bottom-right`, `center` or `X,Y`.
  public init?(parsing text: String) {
    switch text.lowercased() {
    case "top-left": self = .topLeft
    case "top-right": self = .topRight
    case "bottom-left": self = .bottomLeft
    case "bottom-right": self = .bottomRight
    case "center", "centre": self = .center
    default:
      let parts = text.split(separator: ",", omittingEmptySubsequences: false)
      guard parts.count == 2, let x = Double(parts[0]), let y = Double(parts[1]),
        abs(x) <= Self.pointLimit, abs(y) <= Self.pointLimit
      else {
        return nil
      }
      self = .point(x: x, y: y)
    }
  }

  /// How far from the frame's corner a point may be, in pixels either way: far beyond any frame, near enough for
  /// every transform to stay within the composition's limits.
  public static let pointLimit = 100_000.0

  /// The top-left corner of a `size` box in a `frame` box, `margin` pixels from the named edges.
  func origin(size: (width: Double, height: Double), frame: PixelSize, margin: Double) -> (x: Double, y: Double) {
    let right = Double(frame.width) - size.width - margin
    let bottom = Double(frame.height) - size.height - margin
    switch self {
    case .topLeft: return (margin, margin)
    case .topRight: return (right, margin)
    case .bottomLeft: return (margin, bottom)
    case .bottomRight: return (right, bottom)
    case .center: return ((Double(frame.width) - size.width) / 2, (Double(frame.height) - size.height) / 2)
    case .point(let x, let y): return (x, y)
    }
  }
}
