/// How fast, and which way, a clip's range plays: `factor` source seconds per output second, exact (1/2 is half
/// speed, 3 is triple), from 1/16 to 16; reversed plays the range from its end back to its start.
public struct PlaybackRate: Sendable, Hashable {
  /// Source seconds played per output second, exact: 1/2 for half speed, 3 for triple.
  public var factor: MediaTime
  /// Whether the range plays from its end back to its start.
  public var isReversed: Bool

  /// Forward at the speed it was recorded.
  public static let normal = PlaybackRate(factor: MediaTime(seconds: 1), isReversed: false)
  /// The lowest factor allowed: 1/16, sixteen times slower.
  public static let slowest = MediaTime.ticks(1, rate: 16)
  /// The highest factor allowed: 16, sixteen times faster.
  public static let fastest = MediaTime(seconds: 16)
  /// What a speed may be, for messages.
  public static let allowed = "a speed from 1/16 to 16, or from -1/16 to -16 to play backwards (0.5, 2, -1, 1/3)"

  /// A rate of `factor` source seconds per output second, forward unless `isReversed`.
  public init(factor: MediaTime, isReversed: Bool = false) {
    self.factor = factor
    self.isReversed = isReversed
  }

  /// `0.5`, `2`, `1/3`, `-1` (backwards at normal speed): exact, from 1/16 to 16 either way; nil otherwise.
  public init?(parsing text: String) {
    let reversed = text.hasPrefix("-")
    guard let factor = MediaTime(parsing: reversed ? String(text.dropFirst()) : text),
      factor >= Self.slowest, factor <= Self.fastest
    else { return nil }
    self.init(factor: factor, isReversed: reversed)
  }

  /// Whether the range plays forward at the speed it was recorded.
  public var isNormal: Bool { self == .normal }

  /// How long `duration` of source lasts at this rate.
  public func outputDuration(of duration: MediaTime) -> MediaTime {
    duration.scaled(by: MediaTime(seconds: 1), over: factor) ?? duration
  }

  /// `1/2`, `-2`, `1/3`: text `init(parsing:)` reads back.
  public var description: String { (isReversed ? "-" : "") + factor.description }
}
