import Foundation

/// Keeps sound at or below a true-peak ceiling (the peak between samples too, as EBU R128 measures it) without
/// the click of a sudden gain change: a look-ahead limiter. Each sample's peak is estimated 4x oversampled;
/// the gain it needs is held for the look-ahead window and averaged over it, so the gain is already down when
/// the peak arrives, and it recovers over `release`. The output is `latency` samples behind the input.
struct TruePeakLimiter {
  /// Samples of look-ahead: 2 ms at 48 kHz.
  static let lookAhead = 96
  /// Taps either side of the interpolated point.
  private static let reach = 4
  /// The output lags the input by this many samples.
  static let latency = lookAhead + reach

  let ceiling: Float
  private let channels: Int
  private let releaseCoefficient: Float
  /// A power of two above `latency` plus the interpolation's taps: rings of input and of held gains.
  private static let ringSize = 256
  private var input: [[Float]]
  private var received = 0
  private var envelope: Float = 1
  private var held: [Float]
  /// Indices (absolute) of a window minimum's candidates, oldest first.
  private var candidates: [Int] = []
  private var candidateStart = 0
  private var sum: Double
  private static let phases = TruePeakLimiter.interpolationTaps()

  init(ceiling: Float, channels: Int, sampleRate: Int, release: Double = 0.1) {
    self.ceiling = ceiling
    self.channels = channels
    releaseCoefficient = 1 - Float(exp(-1 / (release * Double(sampleRate))))
    input = Array(repeating: [Float](repeating: 0, count: Self.ringSize), count: channels)
    held = [Float](repeating: 1, count: Self.ringSize)
    sum = Double(Self.lookAhead + 1)
  }

  /// Limits `count` samples of every channel in place: afterwards they hold the input from `latency` samples
  /// earlier, limited (zeros before the first input).
  mutating func process(_ channels: inout [[Float]], count: Int) {
    let mask = Self.ringSize - 1
    let window = Self.lookAhead + 1
    for i in 0..<count {
      let j = received
      for c in 0..<self.channels { input[c][j & mask] = channels[c][i] }
      received += 1
      // The peak at t = j - reach, whose interpolation needs up to x[t + reach].
      let t = j - Self.reach
      var peak: Float = 0
      for c in 0..<self.channels {
        let ring = input[c]
        peak = max(peak, abs(ring[t & mask]))
        for taps in Self.phases {
          var v: Float = 0
          for k in 0..<taps.count { v += taps[k] * ring[(t - Self.reach + 1 + k) & mask] }
          peak = max(peak, abs(v))
        }
      }
      let needed: Float = peak > ceiling ? ceiling / peak : 1
      envelope = min(needed, envelope + (1 - envelope) * releaseCoefficient)
      // The minimum of the envelope over [t - lookAhead, t] (a monotonic queue), averaged over as many samples.
      while candidates.count > candidateStart, Self.envelopeAt(candidates.last!, held: held) >= envelope {
        candidates.removeLast()
      }
      held[t & mask] = envelope
      candidates.append(t)
      if candidates[candidateStart] <= t - window { candidateStart += 1 }
      if candidateStart > 512 {
        candidates.removeFirst(candidateStart)
        candidateStart = 0
      }
      let minimum = held[candidates[candidateStart] & mask]
      minima[t & mask] = minimum
      sum += Double(minimum) - Double(minima[(t - window) & mask])
      let gain = Float(sum / Double(window))
      let s = t - Self.lookAhead
      for c in 0..<self.channels { channels[c][i] = input[c][s & mask] * min(gain, 1) }
    }
  }

  private var minima = [Float](repeating: 1, count: TruePeakLimiter.ringSize)

  private static func envelopeAt(_ index: Int, held: [Float]) -> Float { held[index & (ringSize - 1)] }

  /// For each of the points a quarter, a half and three quarters between two samples: windowed-sinc taps
  /// (Lanczos, 4 lobes) on the 8 samples around it, normalised to sum to 1.
  private static func interpolationTaps() -> [[Float]] {
    func sinc(_ x: Double) -> Double { x == 0 ? 1 : sin(Double.pi * x) / (Double.pi * x) }
    return [0.25, 0.5, 0.75].map { phase in
      let raw = (0..<(2 * reach)).map { k -> Double in
        let x = Double(k - reach + 1) - phase
        return sinc(x) * sinc(x / Double(reach))
      }
      let total = raw.reduce(0, +)
      return raw.map { Float($0 / total) }
    }
  }
}
