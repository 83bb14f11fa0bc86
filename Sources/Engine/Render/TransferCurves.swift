import Foundation

/// The HDR transfer functions (ITU-R BT.2100) and the SDR one, as lookup tables, for mapping HDR pictures to SDR
/// in display light, and SDR pictures into HDR (`HDRPlacement`). Light is relative to HDR reference white,
/// 203 cd/m² (ITU-R BT.2408): 1.0 is the white of paper, which becomes SDR white. Tables of signals have 4096
/// entries (10-bit sources need no more); tables of light have 65 536, fine enough in the shadows, where the
/// curves are steep, to stay within an 8-bit level past the first step.
enum TransferCurves {
  /// HDR reference white in cd/m².
  static let referenceWhite = 203.0
  /// The nominal peak of an HLG display, whose system gamma is 1.2 (BT.2100).
  static let hlgPeak = 1000.0
  static let hlgGamma = 1.2

  /// The last index of the signal tables: a signal v in 0...1 is looked up at v · signalSteps, rounded.
  static let signalSteps: Float = 4095
  /// The last index of the light tables.
  static let lightSteps: Float = 65535

  /// HLG signal → scene light, 0...1 (the inverse of the HLG OETF).
  static let hlgSceneLight: [Float] = table(signalSteps) { Float(hlgInverseOETF($0)) }

  /// Scene luminance Ys in 0...1 → the HLG OOTF's gain Lw·Ys^(γ−1), relative to reference white: scene light
  /// times this gain is display light.
  static let hlgDisplayGain: [Float] = table(lightSteps) {
    Float(hlgPeak * pow($0, hlgGamma - 1) / referenceWhite)
  }

  /// PQ signal → display light relative to reference white (the PQ EOTF).
  static let pqDisplayLight: [Float] = table(signalSteps) { Float(pqEOTF($0) / referenceWhite) }

  /// SDR display light L in 0...1 → SDR signal L^(1/2.4) (the inverse of the BT.1886 EOTF).
  static let sdrSignal: [Float] = table(lightSteps) { Float(pow($0, 1 / 2.4)) }

  /// SDR signal → SDR display light 0...1 (the BT.1886 EOTF, gamma 2.4).
  static let sdrLight: [Float] = table(signalSteps) { Float(pow($0, 2.4)) }

  /// √light (light relative to reference white, 0...1) → PQ signal. Tables over the square root of light are
  /// fine in the shadows, where the curves are steep.
  static let pqSignal: [Float] = table(lightSteps) { Float(pqInverseEOTF($0 * $0 * referenceWhite)) }

  /// √E (HLG scene light, 0...1) → HLG signal (the HLG OETF).
  static let hlgSignal: [Float] = table(lightSteps) { Float(hlgOETF($0 * $0)) }

  /// √Yd (display luminance relative to the HLG display's peak, 0...1) → the inverse OOTF's gain Yd^((1−γ)/γ):
  /// display light times this gain is scene light.
  static let hlgSceneGain: [Float] = table(lightSteps) {
    Float(pow(max($0 * $0, 1e-6), (1 - hlgGamma) / hlgGamma))
  }

  private static func table(_ steps: Float, _ f: (Double) -> Float) -> [Float] {
    (0...Int(steps)).map { f(Double($0) / Double(steps)) }
  }

  static func hlgInverseOETF(_ signal: Double) -> Double {
    let a = 0.178_832_77
    let b = 1 - 4 * a
    let c = 0.5 - a * log(4 * a)
    let v = min(max(signal, 0), 1)
    return v <= 0.5 ? v * v / 3 : (exp((v - c) / a) + b) / 12
  }

  /// HLG scene light 0...1 → signal (the HLG OETF).
  static func hlgOETF(_ light: Double) -> Double {
    let a = 0.178_832_77
    let b = 1 - 4 * a
    let c = 0.5 - a * log(4 * a)
    let e = min(max(light, 0), 1)
    return e <= 1.0 / 12 ? (3 * e).squareRoot() : a * log(12 * e - b) + c
  }

  /// The PQ signal for `nits` cd/m² (the inverse of the PQ EOTF).
  static func pqInverseEOTF(_ nits: Double) -> Double {
    let m1 = 2610.0 / 16384
    let m2 = 2523.0 / 4096 * 128
    let c1 = 3424.0 / 4096
    let c2 = 2413.0 / 4096 * 32
    let c3 = 2392.0 / 4096 * 32
    let y = pow(min(max(nits / 10_000, 0), 1), m1)
    return pow((c1 + c2 * y) / (1 + c3 * y), m2)
  }

  /// cd/m² for a PQ signal.
  static func pqEOTF(_ signal: Double) -> Double {
    let m1 = 2610.0 / 16384
    let m2 = 2523.0 / 4096 * 128
    let c1 = 3424.0 / 4096
    let c2 = 2413.0 / 4096 * 32
    let c3 = 2392.0 / 4096 * 32
    let p = pow(min(max(signal, 0), 1), 1 / m2)
    return 10_000 * pow(max(p - c1, 0) / (c2 - c3 * p), 1 / m1)
  }

  /// Display light above `knee` is rolled off smoothly toward 1 (HDR highlights fold into SDR's headroom):
  /// continuous in value and slope at the knee, never reaching 1.
  static let knee: Float = 0.8

  static func rollOff(_ light: Float) -> Float {
    guard light > knee else { return light }
    let span = 1 - knee
    return knee + span * (1 - exp(-(light - knee) / span))
  }

  /// The light `rollOffScale` covers: up to 64 times reference white, past PQ's 10 000 cd/m².
  static let rollOffRange: Float = 64

  /// Light / rollOffRange → the factor that rolls it off, rollOff(light) / light.
  static let rollOffScale: [Float] = table(lightSteps) {
    let light = Float($0) * rollOffRange
    return light > knee ? rollOff(light) / light : 1
  }
}
