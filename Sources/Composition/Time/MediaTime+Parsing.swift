extension MediaTime {
  /// Parses a time written as seconds (`2.9`, `12`), a timecode (`mm:ss[.frac]`, `hh:mm:ss[.frac]`) or a
  /// rational (`1001/30000`), exactly: `2.9` is 29/10, not the nearest Double. Negative times are refused (nil).
  public init?(parsing text: String) {
    let s = text.trimmingWhitespace()
    guard !s.isEmpty, !s.hasPrefix("-"), !s.hasPrefix("+") else { return nil }
    if let slash = s.firstIndex(of: "/") {
      guard let num = Int64(s[..<slash]), let den = Int32(s[s.index(after: slash)...]) else { return nil }
      self.init(value: num, timescale: den)
      return
    }
    let fields = s.split(separator: ":", omittingEmptySubsequences: false)
    guard (1...3).contains(fields.count) else { return nil }
    var wholeSeconds: Int128 = 0
    for (index, field) in fields.dropLast().enumerated() {
      guard let v = Int64(field), v >= 0, field.allSatisfy(\.isASCIIDigit) else { return nil }
      // Minutes and seconds below an hour or minute field must be below 60.
      if index > 0 && v >= 60 { return nil }
      wholeSeconds = wholeSeconds * 60 + Int128(v)
    }
    guard let last = Self.parseDecimal(fields[fields.count - 1]) else { return nil }
    if fields.count > 1 && last.numerator >= 60 * last.denominator { return nil }
    let total = wholeSeconds * 60 * last.denominator + last.numerator
    guard total <= Int128(Int64.max) else { return nil }
    self.init(exactNumerator: total, denominator: last.denominator)
  }

  /// `"12.345"` as 12345/1000; nil unless digits with at most one point and at most 9 decimals.
  static func parseDecimal(_ text: Substring) -> (numerator: Int128, denominator: Int128)? {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count) else { return nil }
    let whole = parts[0]
    let fraction = parts.count == 2 ? parts[1] : ""
    guard !(whole.isEmpty && fraction.isEmpty), fraction.count <= 9, whole.count <= 12,
      whole.allSatisfy(\.isASCIIDigit), fraction.allSatisfy(\.isASCIIDigit)
    else { return nil }
    var denominator: Int128 = 1
    for _ in 0..<fraction.count { denominator *= 10 }
    let numerator = Int128(Int64(whole) ?? 0) * denominator + Int128(Int64(fraction) ?? 0)
    return (numerator, denominator)
  }
}

extension Character {
  var isASCIIDigit: Bool { isASCII && isNumber }
}

extension StringProtocol {
  func trimmingWhitespace() -> String {
    var s = Substring(self)
    while let first = s.first, first.isWhitespace { s = s.dropFirst() }
    while let last = s.last, last.isWhitespace { s = s.dropLast() }
    return String(s)
  }
}
