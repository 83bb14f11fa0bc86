/// The loudness an output's sound is brought to (EBU R128): one gain over the whole mix makes its integrated
/// loudness `integrated` LUFS, and a true-peak limiter keeps every peak, between samples too, at or below
/// `truePeak` dBTP.
public struct LoudnessTarget: Sendable, Hashable {
  /// The integrated loudness the whole mix is brought to, in LUFS.
  public var integrated: Double
  /// The highest true peak the limiter lets through, in dBTP.
  public var truePeak: Double

  /// What a target may ask for: -70 LUFS is where R128 stops measuring, -5 LUFS is louder than any broadcast
  /// or streaming norm; a true peak from -9 to 0 dBTP.
  public static let integratedRange: ClosedRange<Double> = -70 ... -5
  /// What `truePeak` may be: -9 to 0 dBTP.
  public static let truePeakRange: ClosedRange<Double> = -9...0
  /// The usual ceiling: -1 dBTP, the most EBU R128 allows.
  public static let defaultTruePeak = -1.0

  /// A target of `integrated` LUFS with peaks kept at or below `truePeak` dBTP (-1 by default).
  public init(integrated: Double, truePeak: Double = LoudnessTarget.defaultTruePeak) {
    self.integrated = integrated
    self.truePeak = truePeak
  }
}
