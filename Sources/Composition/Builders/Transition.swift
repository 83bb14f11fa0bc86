/// How neighbouring clips of a concatenation meet. Every transition but a cut overlaps the clips by its duration,
/// and each is made of the model's own parts (opacity and transform ramps, an instruction's background), so a
/// spec shows it and can change it.
public enum Transition: Sendable, Hashable {
  /// Which way a picture moves, as the viewer sees it.
  public enum Direction: String, Sendable, Hashable, CaseIterable {
    case left, right, up, down

    /// The offset (as a share of the frame's width and height) a picture starts from to come in moving this
    /// way: moving left, it comes in from the right edge.
    var entry: (x: Double, y: Double) {
      switch self {
      case .left: return (1, 0)
      case .right: return (-1, 0)
      case .up: return (0, 1)
      case .down: return (0, -1)
      }
    }
  }

  /// A cut.
  case none
  /// The picture dissolves, the sound crossfades at equal power.
  case crossfade(MediaTime)
  /// The first clip fades to black (and silence) over the first half, the next fades in from black over the second.
  case fadeBlack(MediaTime)
  /// The same through white (the sound through silence).
  case fadeWhite(MediaTime)
  /// The incoming clip slides in over the outgoing one, moving `Direction`; the sound crossfades.
  case slide(Direction, MediaTime)
  /// Both move `Direction`: the incoming clip pushes the outgoing one out of the frame; the sound crossfades.
  case push(Direction, MediaTime)

  /// How long neighbouring clips overlap.
  public var overlap: MediaTime {
    switch self {
    case .none: return .zero
    case .crossfade(let d), .fadeBlack(let d), .fadeWhite(let d), .slide(_, let d), .push(_, let d): return d
    }
  }

  /// The names `--transition` takes.
  public static let names =
    ["crossfade", "fade-black", "fade-white"]
    + Direction.allCases.map { "slide-\($0.rawValue)" } + Direction.allCases.map { "push-\($0.rawValue)" }

  /// How long a transition named without a duration (`crossfade`) lasts: half a second.
  public static let defaultDuration = MediaTime(value: 1, timescale: 2)!

  /// Parses `NAME,DURATION` or `NAME` (half a second), or `none`.
  public init?(parsing text: String) {
    if text == "none" {
      self = .none
      return
    }
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    guard parts.count <= 2 else { return nil }
    let d = parts.count == 1 ? Self.defaultDuration : MediaTime(parsing: String(parts[1]))
    guard let d, d > .zero else { return nil }
    let name = String(parts[0])
    switch name {
    case "crossfade": self = .crossfade(d)
    case "fade-black": self = .fadeBlack(d)
    case "fade-white": self = .fadeWhite(d)
    default:
      let pieces = name.split(separator: "-", maxSplits: 1).map(String.init)
      guard pieces.count == 2, let direction = Direction(rawValue: pieces[1]) else { return nil }
      switch pieces[0] {
      case "slide": self = .slide(direction, d)
      case "push": self = .push(direction, d)
      default: return nil
      }
    }
  }
}
