/// How neighbouring clips of a concatenation meet. Every transition but a cut overlaps the clips by its duration,
/// and each is made of the model's own parts (opacity and transform ramps, an instruction's background), so a
/// spec shows it and can change it.
public enum Transition: Sendable, Hashable {
  /// Which way a picture moves, as the viewer sees it.
  public enum Direction: String, Sendable, Hashable, CaseIterable {
    /// Toward the left edge: a picture coming in this way enters from the right.
    case left
    /// Toward the right edge: a picture coming in this way enters from the left.
    case right
    /// Toward the top edge: a picture coming in this way enters from the bottom.
    case up
    /// Toward the bottom edge: a picture coming in this way enters from the top.
    case down

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
  /// An edge moves `Direction` across the frame, uncovering the incoming clip behind it (a rectangle mask that
  /// grows), soft over `edge` pixels (0: hard); the sound crossfades.
  case wipe(Direction, MediaTime, edge: Double)
  /// The outgoing clip grows (to 1.5 times its size, about the centre) and fades out over the incoming one.
  case zoomIn(MediaTime)
  /// An iris: `open` uncovers the incoming clip in a circle growing from the centre; `close` hides the outgoing
  /// one in a circle shrinking to the centre. Soft over `edge` pixels.
  case circle(open: Bool, MediaTime, edge: Double)

  /// How long neighbouring clips overlap.
  public var overlap: MediaTime {
    switch self {
    case .none: return .zero
    case .crossfade(let d), .fadeBlack(let d), .fadeWhite(let d), .slide(_, let d), .push(_, let d),
      .wipe(_, let d, _), .zoomIn(let d), .circle(_, let d, _):
      return d
    }
  }

  /// The names `--transition` takes.
  public static let names =
    ["crossfade", "fade-black", "fade-white"]
    + ["slide", "push", "wipe"].flatMap { kind in Direction.allCases.map { "\(kind)-\($0.rawValue)" } }
    + ["zoom-in", "circle-open", "circle-close"]

  /// What `--transition` expects, for messages.
  public static let syntax =
    "crossfade, fade-black, fade-white, slide-DIR, push-DIR, wipe-DIR (DIR: left, right, up, down), zoom-in, "
    + "circle-open or circle-close, with ,SECONDS or not (wipes and circles: then ,EDGE pixels of soft edge)"

  /// Why `text` is not a transition, in the user's words: what is wrong with a known name's duration or edge,
  /// else what is expected.
  public static func problem(parsing text: String) -> String {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    let name = parts[0]
    guard names.contains(name) else {
      return "expected \(syntax), got '\(text)'\(NearMiss.suggestion(name, among: names))"
    }
    let soft = name.hasPrefix("wipe-") || name.hasPrefix("circle-")
    if parts.count > (soft ? 3 : 2) {
      return soft
        ? "\(name) takes at most SECONDS and EDGE (\(name),1,24), got '\(text)'"
        : "\(name) has no soft edge (wipes and circles have one): give \(name),SECONDS, got '\(text)'"
    }
    if parts.count > 1 {
      guard let duration = MediaTime(parsing: parts[1]), duration > .zero else {
        return "\(name)'s duration is seconds above 0 (0.8 or 00:01.5), got '\(parts[1])'"
      }
    }
    if parts.count > 2 {
      return "\(name)'s soft edge is 0 to \(Int(LayerMask.maximumFeather)) pixels, got '\(parts[2])'"
    }
    return "expected \(syntax), got '\(text)'"
  }

  /// How long a transition named without a duration (`crossfade`) lasts: half a second.
  public static let defaultDuration = MediaTime(value: 1, timescale: 2)!

  /// Parses `NAME,DURATION[,EDGE]` or `NAME` (half a second), or `none`. EDGE (pixels of soft edge, 0 to 4096) is
  /// for wipes and circles only.
  public init?(parsing text: String) {
    if text == "none" {
      self = .none
      return
    }
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    guard parts.count <= 3 else { return nil }
    let d = parts.count == 1 ? Self.defaultDuration : MediaTime(parsing: String(parts[1]))
    guard let d, d > .zero else { return nil }
    var edge = 0.0
    if parts.count == 3 {
      guard let e = Double(parts[2]), e >= 0, e <= LayerMask.maximumFeather else { return nil }
      edge = e
    }
    let name = String(parts[0])
    let hasEdge = parts.count == 3
    switch name {
    case "crossfade" where !hasEdge: self = .crossfade(d)
    case "fade-black" where !hasEdge: self = .fadeBlack(d)
    case "fade-white" where !hasEdge: self = .fadeWhite(d)
    case "zoom-in" where !hasEdge: self = .zoomIn(d)
    case "circle-open": self = .circle(open: true, d, edge: edge)
    case "circle-close": self = .circle(open: false, d, edge: edge)
    default:
      let pieces = name.split(separator: "-", maxSplits: 1).map(String.init)
      guard pieces.count == 2, let direction = Direction(rawValue: pieces[1]) else { return nil }
      switch pieces[0] {
      case "slide" where !hasEdge: self = .slide(direction, d)
      case "push" where !hasEdge: self = .push(direction, d)
      case "wipe": self = .wipe(direction, d, edge: edge)
      default: return nil
      }
    }
  }
}
