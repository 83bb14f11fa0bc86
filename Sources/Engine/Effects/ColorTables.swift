import Composition
import Foundation

/// The colour effects that map each plane's values on their own (brightness, contrast, gamma on luma; saturation,
/// grayscale, sepia on chroma), folded into one table per plane (256 entries at 8 bits, 1024 at 10), so a run of
/// them costs one lookup per sample. At 10 bits (an HDR render) they work on the HDR signal as they do on the SDR
/// one.
struct ColorTables {
  var luma: [UInt16]
  var cb: [UInt16]
  var cr: [UInt16]

  /// Whether `kind` is one of these.
  static func folds(_ kind: Effect.Kind) -> Bool {
    switch kind {
    case .brightness, .contrast, .gamma, .saturation, .grayscale, .sepia: return true
    case .blur, .sharpen, .vignette, .lut: return false
    }
  }

  /// The tables for `effects` (each with its amount), in order, for samples of `depth` bits; `sepia` is the
  /// sepia tint's Cb, Cr at that depth.
  init(_ effects: [(Effect.Kind, Double)], depth: Int, sepia: (u: Int, v: Int)) {
    let scale = Double(1 << (depth - 8))
    let top = Double((1 << depth) - 1)
    func table(_ map: (Double) -> Double) -> [UInt16] {
      (0..<(1 << depth)).map { UInt16(min(max(map(Double($0)), 0), top).rounded()) }
    }
    luma = table { value in
      // Normalized luma: 0 at black (16 at 8 bits), 1 at white (235).
      var n = (value - 16 * scale) / (219 * scale)
      for (kind, amount) in effects {
        switch kind {
        case .brightness: n += amount
        case .contrast: n = (n - 0.5) * amount + 0.5
        case .gamma where n > 0 && n < 1: n = pow(n, 1 / amount)
        default: break
        }
      }
      return 16 * scale + n * 219 * scale
    }
    func chroma(_ tint: Int) -> [UInt16] {
      table { value in
        var c = value - 128 * scale
        for (kind, amount) in effects {
          switch kind {
          case .saturation: c *= amount
          case .grayscale: c *= 1 - amount
          case .sepia: c += (Double(tint) - 128 * scale - c) * amount
          default: break
          }
        }
        return 128 * scale + c
      }
    }
    cb = chroma(sepia.u)
    cr = chroma(sepia.v)
  }

  /// Maps `source`'s colour planes through the tables into `target` (same size and depth); alpha, if any, is
  /// copied.
  func apply(_ source: Frame, into target: Frame) {
    if source.bitDepth > 8 {
      apply(source, into: target, samples: UInt16.self)
    } else {
      apply(source, into: target, samples: UInt8.self)
    }
    EffectFrames.copyAlpha(source, into: target)
  }

  private func apply<S: PlaneSample>(_ source: Frame, into target: Frame, samples: S.Type) {
    for (plane, table) in [(0, luma), (1, cb), (2, cr)] {
      guard let src = Plane<S>(source, plane: plane), let dst = Plane<S>(target, plane: plane) else { continue }
      table.withUnsafeBufferPointer { t in
        guard let lut = t.baseAddress, t.count > src.maximum else { return }
        for y in 0..<src.height {
          let s = src.row(y)
          let d = dst.row(y)
          for x in 0..<src.width { d[x] = S(truncatingIfNeeded: lut[Int(s[x])]) }
        }
      }
    }
  }
}
