/// How a track (a soundtrack, usually) makes way for the others: while the rest of the mix sounds, it is lowered
/// by `depth` decibels, reached over `attack`; once the rest has been quiet for `hold`, it comes back up over
/// `release`. "Sounds" means the rest of the mix's level is above `threshold` dBFS.
public struct Ducking: Sendable, Hashable {
  /// How far the track is lowered while the rest sounds, in decibels.
  public var depth: Double
  /// How long the track takes to go down once the rest sounds.
  public var attack: MediaTime
  /// How long the track takes to come back up after the hold.
  public var release: MediaTime

  /// The usual depth: 12 dB.
  public static let defaultDepth = 12.0
  /// The usual attack: 50 milliseconds.
  public static let defaultAttack = MediaTime.ticks(50, rate: 1000)
  /// The usual release: half a second.
  public static let defaultRelease = MediaTime.ticks(500, rate: 1000)
  /// How long the rest must stay quiet before the track comes back (a pause between words does not count).
  public static let hold = MediaTime.ticks(300, rate: 1000)
  /// The level of the rest of the mix, in dBFS, above which it counts as sounding.
  public static let threshold = -45.0
  /// What `depth` may be: 1 to 40 dB.
  public static let depthRange: ClosedRange<Double> = 1...40
  /// Attack and release last at least a millisecond and at most ten seconds.
  public static let shortestTime = MediaTime.ticks(1, rate: 1000)
  /// The longest attack or release: ten seconds.
  public static let longestTime = MediaTime(seconds: 10)

  /// Whether `time` is an attack or release this allows.
  public static func allows(_ time: MediaTime) -> Bool { time >= shortestTime && time <= longestTime }

  /// Ducking by `depth` decibels, reached over `attack`, undone over `release`; each by default the usual one.
  public init(
    depth: Double = Ducking.defaultDepth, attack: MediaTime = Ducking.defaultAttack,
    release: MediaTime = Ducking.defaultRelease
  ) {
    self.depth = depth
    self.attack = attack
    self.release = release
  }
}
