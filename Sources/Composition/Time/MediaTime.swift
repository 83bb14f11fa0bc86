/// An exact point or length of time: `value / timescale` seconds, like CMTime.
///
/// Always stored reduced (value and timescale share no factor, timescale > 0), so two equal times are
/// equal structurally. Arithmetic is exact through 128-bit intermediates; a result whose reduced form does not
/// fit (a timescale above `Int32.max`) is rounded to the nearest tick of `MediaTime.fallbackTimescale`.
public struct MediaTime: Sendable, Hashable {
  /// The number of ticks: the time is `value / timescale` seconds.
  public let value: Int64
  /// Ticks per second, always above zero; 1 for whole seconds.
  public let timescale: Int32

  /// Timescale used only when an exact result does not fit: 705,600,000 ticks a second ("flicks") divide every
  /// common frame and sample rate evenly.
  public static let fallbackTimescale: Int32 = 705_600_000

  /// No time at all: 0 seconds.
  public static let zero = MediaTime(seconds: 0)

  /// `value / timescale` seconds. A timescale of zero or below is refused (nil).
  public init?(value: Int64, timescale: Int32) {
    guard timescale > 0 else { return nil }
    self.init(exactNumerator: Int128(value), denominator: Int128(timescale))
  }

  /// Whole seconds.
  public init(seconds: Int64) {
    self.value = seconds
    self.timescale = 1
  }

  /// `seconds` rounded to the nearest tick of `preferredTimescale`, as `CMTime(seconds:preferredTimescale:)`:
  /// `MediaTime(seconds: 1.5, preferredTimescale: 600)` is 900/600 (kept reduced: 3/2). The one place a Double
  /// enters the model: for times a user writes in seconds. A timescale of zero or below counts as 1, NaN as 0
  /// and a time beyond ±292 billion years is clamped (MediaTime has no invalid time).
  public init(seconds: Double, preferredTimescale: Int32) {
    let timescale = max(preferredTimescale, 1)
    let ticks = (seconds * Double(timescale)).rounded()
    let value: Int64 = ticks.isNaN ? 0 : ticks >= 0x1p63 ? .max : ticks <= -0x1p63 ? .min : Int64(ticks)
    self.init(exactNumerator: Int128(value), denominator: Int128(timescale))
  }

  /// `numerator / denominator` seconds, reduced; rounded to `fallbackTimescale` when it does not fit.
  /// `denominator` must be positive (callers in this module guarantee it).
  init(exactNumerator numerator: Int128, denominator: Int128) {
    let divisor = Self.gcd(numerator.magnitude, denominator.magnitude)
    let n = divisor > 1 ? numerator / Int128(divisor) : numerator
    let d = divisor > 1 ? denominator / Int128(divisor) : denominator
    if d <= Int128(Int32.max), let v = Int64(exactly: n) {
      self.value = v
      self.timescale = Int32(d)
      return
    }
    let scaled = Self.roundedDivision(n * Int128(Self.fallbackTimescale), d)
    self.value = Int64(clamping: scaled)
    self.timescale = Self.fallbackTimescale
  }

  /// Seconds as a Double, for display and progress only: never for timeline arithmetic.
  public var seconds: Double { Double(value) / Double(timescale) }

  /// `self / other` as a Double (a fraction of a duration, for interpolation); 0 when `other` is zero.
  public func ratio(to other: MediaTime) -> Double {
    guard other.value != 0 else { return 0 }
    return Double(Int128(value) * Int128(other.timescale)) / Double(Int128(timescale) * Int128(other.value))
  }

  /// `self × numerator / denominator`, exact where it fits. `denominator` must not be zero.
  public func multiplied(by numerator: Int64, dividedBy denominator: Int64) -> MediaTime {
    let sign: Int128 = denominator < 0 ? -1 : 1
    return MediaTime(
      exactNumerator: Int128(value) * Int128(numerator) * sign,
      denominator: Int128(timescale) * Int128(denominator) * sign)
  }

  /// `self × (numerator / denominator)` where both are times, exact where it fits: the mapping of a duration
  /// between two ranges of different lengths. Returns nil when `denominator` is zero.
  public func scaled(by numerator: MediaTime, over denominator: MediaTime) -> MediaTime? {
    guard denominator.value != 0 else { return nil }
    var num = Int128(value) * Int128(numerator.value) * Int128(denominator.timescale)
    var den = Int128(timescale) * Int128(numerator.timescale) * Int128(denominator.value)
    if den < 0 {
      num = -num
      den = -den
    }
    return MediaTime(exactNumerator: num, denominator: den)
  }

  /// The whole number of `step`s in this time, rounded as asked. `step` must be positive.
  public func count(of step: MediaTime, rounding rule: FloatingPointRoundingRule) -> Int64 {
    let num = Int128(value) * Int128(step.timescale)
    let den = Int128(timescale) * Int128(step.value)
    return Int64(clamping: Self.divide(num, den, rounding: rule))
  }

  /// This time in ticks of `1/rate` (a sample index at a sample rate), rounded to nearest.
  public func ticks(atRate rate: Int, rounding rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero)
    -> Int64
  {
    Int64(clamping: Self.divide(Int128(value) * Int128(rate), Int128(timescale), rounding: rule))
  }

  /// The time of tick `index` at `rate` ticks a second (a sample's or a frame's start).
  public static func ticks(_ index: Int64, rate: Int) -> MediaTime {
    MediaTime(exactNumerator: Int128(index), denominator: Int128(max(rate, 1)))
  }

  static func divide(_ num: Int128, _ den: Int128, rounding rule: FloatingPointRoundingRule) -> Int128 {
    let (n, d) = den < 0 ? (-num, -den) : (num, den)
    let q = n / d
    let r = n % d
    switch rule {
    case .down:
      return r < 0 ? q - 1 : q
    case .up:
      return r > 0 ? q + 1 : q
    case .towardZero:
      return q
    default:
      return roundedDivision(n, d)
    }
  }

  /// Nearest integer to n/d (d > 0), halves away from zero.
  static func roundedDivision(_ n: Int128, _ d: Int128) -> Int128 {
    let half = d / 2
    return n >= 0 ? (n + half) / d : -((-n + half) / d)
  }

  static func gcd(_ a: UInt128, _ b: UInt128) -> UInt128 {
    var (x, y) = (a, b)
    while y != 0 { (x, y) = (y, x % y) }
    return x == 0 ? 1 : x
  }
}

extension MediaTime: Comparable {
  /// Whether `lhs` is earlier (or shorter) than `rhs`, compared exactly.
  public static func < (lhs: MediaTime, rhs: MediaTime) -> Bool {
    Int128(lhs.value) * Int128(rhs.timescale) < Int128(rhs.value) * Int128(lhs.timescale)
  }
}

extension MediaTime {
  /// The exact sum of two times.
  public static func + (lhs: MediaTime, rhs: MediaTime) -> MediaTime {
    MediaTime(
      exactNumerator: Int128(lhs.value) * Int128(rhs.timescale) + Int128(rhs.value) * Int128(lhs.timescale),
      denominator: Int128(lhs.timescale) * Int128(rhs.timescale))
  }

  /// The exact difference `lhs - rhs`, negative when `rhs` is the later.
  public static func - (lhs: MediaTime, rhs: MediaTime) -> MediaTime {
    MediaTime(
      exactNumerator: Int128(lhs.value) * Int128(rhs.timescale) - Int128(rhs.value) * Int128(lhs.timescale),
      denominator: Int128(lhs.timescale) * Int128(rhs.timescale))
  }

  /// `lhs` times a whole number, exact where it fits.
  public static func * (lhs: MediaTime, rhs: Int64) -> MediaTime {
    lhs.multiplied(by: rhs, dividedBy: 1)
  }
}

extension MediaTime: CustomStringConvertible {
  /// `value/timescale`, or the whole number of seconds when the timescale is 1.
  public var description: String { timescale == 1 ? "\(value)" : "\(value)/\(timescale)" }
}
