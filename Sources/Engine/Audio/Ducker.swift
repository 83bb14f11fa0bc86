import Composition
import Foundation

/// Lowers one track while the rest of the mix sounds (a side-chain gate on the rest): the rest's level is
/// followed sample by sample; while it is above `Ducking.threshold`, and for `Ducking.hold` after, the track's
/// gain moves down to -depth dB at depth/attack dB a second, and afterwards back up at depth/release.
struct Ducker {
  private let floor: Float
  private let threshold: Float
  private let holdSamples: Int
  private let down: Float
  private let up: Float
  private let follow: Float
  private var level: Float = 0
  private var sinceSound = Int.max
  /// The track's gain in dB: 0 (full) down to -depth.
  private var decibels: Float = 0

  init(_ ducking: Ducking, sampleRate: Int) {
    let rate = Double(sampleRate)
    floor = -Float(ducking.depth)
    threshold = Float(pow(10, Ducking.threshold / 20))
    holdSamples = Int(Ducking.hold.ticks(atRate: sampleRate))
    down = Float(ducking.depth / max(ducking.attack.seconds * rate, 1))
    up = Float(ducking.depth / max(ducking.release.seconds * rate, 1))
    // The level falls by half in 5 ms, so a tone's zero crossings do not read as silence.
    follow = Float(exp(-log(2) / (0.005 * rate)))
  }

  /// Scales `count` samples of `track` (every channel) by the gain the side chain `rest` calls for.
  mutating func process(_ track: inout [[Float]], rest: [[Float]], count: Int) {
    for i in 0..<count {
      var peak: Float = 0
      for channel in rest.indices { peak = max(peak, abs(rest[channel][i])) }
      level = max(peak, level * follow)
      if level > threshold { sinceSound = 0 } else if sinceSound < Int.max { sinceSound += 1 }
      if sinceSound <= holdSamples {
        decibels = max(floor, decibels - down)
      } else {
        decibels = min(0, decibels + up)
      }
      if decibels < 0 {
        let gain = Float(pow(10, Double(decibels) / 20))
        for channel in track.indices { track[channel][i] *= gain }
      }
    }
  }
}
