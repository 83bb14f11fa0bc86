/// The one way clipmerge writes a time for people: seconds with three decimals and a unit (`1.035 s`, `9.000 s`),
/// rounded to the nearest millisecond, in every message, plan and report.
extension MediaTime {
  /// `1.035 s`.
  public var secondsText: String {
    Self.secondsText(milliseconds: count(of: MediaTime.ticks(1, rate: 1000), rounding: .toNearestOrAwayFromZero))
  }

  /// The same form for a time already in seconds (probe reports, which FFmpeg gives as floating point).
  public static func secondsText(_ seconds: Double) -> String {
    guard seconds.isFinite, abs(seconds) < 9e15 else { return "\(seconds) s" }
    return secondsText(milliseconds: Int64((seconds * 1000).rounded()))
  }

  private static func secondsText(milliseconds ms: Int64) -> String {
    let sign = ms < 0 ? "-" : ""
    let magnitude = ms.magnitude
    let fraction = String(magnitude % 1000)
    return "\(sign)\(magnitude / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction + " s"
  }
}
