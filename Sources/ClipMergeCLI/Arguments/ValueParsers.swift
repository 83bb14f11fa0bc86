import ClipMergeKit

/// Interpreters of option values, shared by every command.
enum ValueParsers {
  /// `START,DURATION`, each a time: a half-open range.
  static func timeRange(_ text: String) -> TimeRange? {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    guard parts.count == 2, let start = MediaTime(parsing: String(parts[0])),
      let duration = MediaTime(parsing: String(parts[1])), duration > .zero
    else { return nil }
    return TimeRange(start: start, duration: duration)
  }

  /// A bit rate: `192000`, `192k`, `5M` (bits per second, 8 kb/s to 1 Gb/s).
  static func bitRate(_ text: String) -> Int? {
    let lower = text.lowercased()
    var multiplier = 1.0
    var digits = Substring(lower)
    if lower.hasSuffix("k") {
      multiplier = 1000
      digits = digits.dropLast()
    } else if lower.hasSuffix("m") {
      multiplier = 1_000_000
      digits = digits.dropLast()
    }
    guard let value = Double(digits), value.isFinite else { return nil }
    let rate = Int((value * multiplier).rounded())
    return (8000...1_000_000_000).contains(rate) ? rate : nil
  }

  /// A finite number within `range`.
  static func number(in range: ClosedRange<Double>) -> (String) -> Double? {
    { text in Double(text).flatMap { $0.isFinite && range.contains($0) ? $0 : nil } }
  }

}
