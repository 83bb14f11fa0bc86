/// OpenTimelineIO's times (`RationalTime.1`: a frame `value` at a `rate`, both JSON floats) as exact rationals.
/// Editors write NTSC rates as floats (29.97002997…, 23.976023976…, or plainly 29.97): each becomes the
/// rational it stands for (30000/1001, 24000/1001).
enum OTIOTime {
  /// The rate `rate` a second stands for, as frames per second num/den; nil when it is not a positive rate.
  static func rate(_ rate: Double) -> (num: Int64, den: Int64)? {
    guard rate.isFinite, rate > 0, rate < 1_000_000 else { return nil }
    let whole = rate.rounded()
    if abs(rate - whole) < 1e-9 { return (Int64(whole), 1) }
    // NTSC: k × 1000/1001, written to any precision (29.97 too).
    let k = (rate * 1.001).rounded()
    if k > 0, abs(k * 1000 / 1001 - rate) < 0.005 { return (Int64(k) * 1000, 1001) }
    return fraction(rate)
  }

  /// `value` frames at `rate` as a time (value may be fractional); nil for what is not a time.
  static func time(value: Double, rate: Double) -> MediaTime? {
    guard value.isFinite, abs(value) < 1e12, let r = Self.rate(rate), let v = fraction(value) else { return nil }
    // value/rate = (v.num / v.den) / (r.num / r.den) = v.num·r.den / (v.den·r.num)
    let numerator = v.num * r.den
    let denominator = v.den * r.num
    guard denominator > 0, denominator <= Int64(Int32.max),
      let time = MediaTime(value: numerator, timescale: Int32(denominator))
    else { return nil }
    return time
  }

  /// A float as a fraction with a denominator of at most 1000 (exact for whole numbers and halves, thirds...).
  static func fraction(_ x: Double) -> (num: Int64, den: Int64)? {
    guard x.isFinite, abs(x) < 1e12 else { return nil }
    var best: (num: Int64, den: Int64) = (Int64(x.rounded()), 1)
    var error = abs(x - x.rounded())
    var den: Int64 = 2
    while den <= 1000 && error > 1e-9 {
      let num = (x * Double(den)).rounded()
      let e = abs(x - num / Double(den))
      if e < error - 1e-12 {
        best = (Int64(num), den)
        error = e
      }
      den += 1
    }
    return best
  }
}
