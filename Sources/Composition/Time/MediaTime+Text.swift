/// The two ways clipmerge writes a time for people, each rounded to the nearest millisecond: seconds with three
/// decimals and a unit (`1.035 s`, `9.000 s`) in every message, plan and report; a timecode (`00:01:02.500`)
/// where a clock reads better (progress, contact sheets).
extension MediaTime {
  /// `hh:mm:ss.mmm` (zero for a negative time).
  public var timecodeText: String {
    let ms = max(0, count(of: MediaTime.ticks(1, rate: 1000), rounding: .toNearestOrAwayFromZero))
    let parts = [ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60].map { $0 < 10 ? "0\($0)" : "\($0)" }
    let milli = String(ms % 1000)
    return parts.joined(separator: ":") + "." + String(repeating: "0", count: 3 - milli.count) + milli
  }

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
