/// Keeps a mix from clipping: a peak limiter with instant attack and a smooth release. While the mix stays
/// within `ceiling` it passes unchanged; a louder sample turns the gain down at once, so no sample ever leaves
/// [-ceiling, ceiling], and the gain recovers over about `releaseSamples` samples.
struct Limiter {
  let ceiling: Float
  private let recovery: Float
  private(set) var gain: Float = 1

  init(ceiling: Float = 0.98, releaseSamples: Int = 4800) {
    self.ceiling = ceiling
    recovery = 1 / Float(max(releaseSamples, 1))
  }

  /// Limits `count` samples of every channel in place, one gain for all channels (keeps the stereo image).
  mutating func process(_ channels: inout [[Float]], count: Int) {
    for i in 0..<count {
      var peak: Float = 0
      for channel in channels.indices { peak = max(peak, abs(channels[channel][i])) }
      var g = min(1, gain + recovery)
      if peak * g > ceiling { g = ceiling / peak }
      gain = g
      if g < 1 {
        for channel in channels.indices { channels[channel][i] *= g }
      }
    }
  }
}
