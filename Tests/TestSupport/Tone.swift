/// Listens for tones: the Goertzel filter measures how much of a signal is one frequency.
public enum Tone {
  /// Amplitude of the `frequency` component of `samples` (a pure sine of amplitude A gives about A).
  public static func amplitude(of frequency: Double, in samples: ArraySlice<Float>, sampleRate: Int) -> Double {
    let n = samples.count
    guard n > 0 else { return 0 }
    let k = (Double(n) * frequency / Double(sampleRate)).rounded()
    let w = 2 * Double.pi * k / Double(n)
    let coefficient = 2 * cos(w)
    var s1 = 0.0
    var s2 = 0.0
    for sample in samples {
      let s0 = Double(sample) + coefficient * s1 - s2
      s2 = s1
      s1 = s0
    }
    let power = s1 * s1 + s2 * s2 - coefficient * s1 * s2
    return 2 * power.squareRoot() / Double(n)
  }

  /// Root mean square of `samples`.
  public static func rms(_ samples: ArraySlice<Float>) -> Double {
    guard !samples.isEmpty else { return 0 }
    return (samples.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(samples.count)).squareRoot()
  }
}

#if canImport(Glibc)
  import Glibc
#endif
