import Composition
import Foundation

/// Finds the one gain that brings a composition's mixed sound to a loudness target: a first pass measures the
/// mix as it is (integrated loudness and true peak); when the gain would push a peak over the ceiling, the
/// look-ahead limiter takes some loudness away, so further passes measure the limited result and correct the
/// gain until it is within 0.1 LU (at most three more passes).
struct LoudnessNormalizer {
  let composition: Composition
  let format: AudioFormat
  let damage: DamageLog
  let samples: Int64

  /// Passes render blocks of this many samples, checking for cancellation between them.
  private static let block = 48_000
  /// A gain is never more than this many dB up or down (a silent-but-for-noise mix is not raised to shouting).
  static let largestGain = 50.0

  /// The finish that meets `target`: the gain, and the ceiling the limiter holds (below the target's true peak
  /// by the headroom a lossy encoder's overshoot needs). A silent mix keeps its level (gain 1).
  func finish(for target: LoudnessTarget, headroom: Double, isCancelled: () -> Bool, interruption: EngineError)
    throws(EngineError) -> AudioRenderer.Finish
  {
    let ceilingDB = target.truePeak - headroom
    let ceiling = Float(Self.linear(ceilingDB))
    let first = try measure(.raw, truePeak: true, isCancelled: isCancelled, interruption: interruption)
    guard let measured = first.integrated else { return .normalize(gain: 1, ceiling: ceiling) }
    var gainDB = Self.clamp(target.integrated - measured)
    // The limiter stays out of the way when the gained peak is under the ceiling: the gain is the answer.
    if first.peak * Self.linear(gainDB) <= Double(ceiling) {
      return .normalize(gain: Float(Self.linear(gainDB)), ceiling: ceiling)
    }
    for _ in 0..<3 {
      let finish = AudioRenderer.Finish.normalize(gain: Float(Self.linear(gainDB)), ceiling: ceiling)
      let result = try measure(finish, truePeak: false, isCancelled: isCancelled, interruption: interruption)
      guard let loudness = result.integrated, abs(target.integrated - loudness) > 0.1 else { break }
      gainDB = Self.clamp(gainDB + target.integrated - loudness)
    }
    return .normalize(gain: Float(Self.linear(gainDB)), ceiling: ceiling)
  }

  /// The integrated loudness (nil for silence) and the linear true peak of the mix rendered with `finish`.
  private func measure(
    _ finish: AudioRenderer.Finish, truePeak: Bool, isCancelled: () -> Bool, interruption: EngineError
  ) throws(EngineError) -> (integrated: Double?, peak: Double) {
    let renderer = AudioRenderer(composition: composition, format: format, damage: damage, finish: finish)
    let meter = try LoudnessMeter(format: format, truePeak: truePeak)
    var block = Array(repeating: [Float](repeating: 0, count: Self.block), count: format.channels)
    var done: Int64 = 0
    while done < samples {
      if isCancelled() { throw interruption }
      let count = Int(min(Int64(Self.block), samples - done))
      try renderer.render(from: done, count: count, into: &block)
      try meter.add(block, count: count)
      done += Int64(count)
    }
    return (meter.integrated, truePeak ? meter.truePeak : 0)
  }

  static func linear(_ decibels: Double) -> Double { pow(10, decibels / 20) }

  private static func clamp(_ decibels: Double) -> Double { min(max(decibels, -largestGain), largestGain) }
}
