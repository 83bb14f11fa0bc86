/// The loudness an output's sound is brought to (EBU R128): one gain over the whole mix makes its integrated
/// loudness `integrated` LUFS, and a true-peak limiter keeps every peak, between samples too, at or below
/// `truePeak` dBTP.
public struct LoudnessTarget: Sendable, Hashable {
  public var integrated: Double
  public var truePeak: Double

  /// What a target may ask for: -70 LUFS is where R128 stops measuring, -5 LUFS is louder than any broadcast
  /// or streaming norm; a true peak from -9 to 0 dBTP.
  public static let integratedRange: ClosedRange<Double> = -70 ... -5
  public static let truePeakRange: ClosedRange<Double> = -9...0
  public static let defaultTruePeak = -1.0

  public init(integrated: Double, truePeak: Double = LoudnessTarget.defaultTruePeak) {
    self.integrated = integrated
    self.truePeak = truePeak
  }
}
