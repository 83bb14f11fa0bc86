/// How a picture must be turned to be upright: an optional horizontal mirror, then a clockwise rotation by a
/// whole number of quarter turns. The eight cases of a display matrix without scale.
public struct Orientation: Sendable, Hashable, CustomStringConvertible {
  /// Clockwise quarter turns, 0...3.
  public var quarterTurns: Int
  /// Mirrored left-right before the rotation.
  public var mirrored: Bool

  /// `quarterTurns` clockwise (any whole number, taken modulo 4), after a mirror when `mirrored`.
  public init(quarterTurns: Int, mirrored: Bool = false) {
    self.quarterTurns = ((quarterTurns % 4) + 4) % 4
    self.mirrored = mirrored
  }

  /// Already upright: no turn, no mirror.
  public static let upright = Orientation(quarterTurns: 0)

  /// Clockwise rotation in degrees, 0, 90, 180 or 270.
  public var clockwiseDegrees: Int { quarterTurns * 90 }

  /// The transform about the origin (not yet translated back into positive coordinates).
  public var transform: AffineTransform2D {
    let mirror = mirrored ? AffineTransform2D.scale(x: -1, y: 1) : .identity
    return mirror.concatenating(.rotation(degrees: Double(clockwiseDegrees)))
  }

  /// Whether the turn swaps width and height (a quarter or three quarters).
  public var swapsAxes: Bool { quarterTurns % 2 == 1 }

  /// The turn in the user's words: `upright`, `turned 90° clockwise`, `mirrored and turned 180°`.
  public var spoken: String {
    let turn = ["", "turned 90° clockwise", "turned 180°", "turned 90° counter-clockwise"][quarterTurns]
    switch (mirrored, turn.isEmpty) {
    case (false, true): return "upright"
    case (true, true): return "mirrored"
    case (false, false): return turn
    case (true, false): return "mirrored and " + turn
    }
  }

  /// The clockwise degrees and whether mirrored (`90°`, `0° mirrored`).
  public var description: String { "\(clockwiseDegrees)°" + (mirrored ? " mirrored" : "") }
}
