import Composition
import Foundation

/// The colour effects that map each plane's values on their own (brightness, contrast, gamma on luma; saturation,
/// grayscale, sepia on chroma), folded into one 256-entry table per plane, so a run of them costs one lookup
/// per sample.
struct ColorTables {
  var luma: [UInt8]
  var cb: [UInt8]
  var cr: [UInt8]

  /// Whether `kind` is one of these.
  static func folds(_ kind: Effect.Kind) -> Bool {
    switch kind {
    case .brightness, .contrast, .gamma, .saturation, .grayscale, .sepia: return true
    case .blur, .sharpen, .vignette, .lut: return false
    }
  }

  /// The tables for `effects` (each with its amount), in order, in `matrix`'s Y'CbCr.
  init(_ effects: [(Effect.Kind, Double)], matrix: ColorMatrix) {
    let sepia = matrix.yuv(red: 112, green: 66, blue: 20)
    func table(_ map: (Double) -> Double) -> [UInt8] {
      (0..<256).map { UInt8(min(max(map(Double($0)), 0), 255).rounded()) }
    }
    luma = table { value in
      // Normalized luma: 0 at black (16), 1 at white (235).
      var n = (value - 16) / 219
      for (kind, amount) in effects {
        switch kind {
        case .brightness: n += amount
        case .contrast: n = (n - 0.5) * amount + 0.5
        case .gamma where n > 0 && n < 1: n = pow(n, 1 / amount)
        default: break
        }
      }
      return 16 + n * 219
    }
    func chroma(_ tint: UInt8) -> [UInt8] {
      table { value in
        var c = value - 128
        for (kind, amount) in effects {
          switch kind {
          case .saturation: c *= amount
          case .grayscale: c *= 1 - amount
          case .sepia: c += (Double(tint) - 128 - c) * amount
          default: break
          }
        }
        return 128 + c
      }
    }
    cb = chroma(sepia.u)
    cr = chroma(sepia.v)
  }

  /// Maps `source`'s colour planes through the tables into `target` (same size); alpha, if any, is copied.
  func apply(_ source: Frame, into target: Frame) {
    for (plane, table) in [(0, luma), (1, cb), (2, cr)] {
      guard let src = PlaneView(source, plane: plane), let dst = PlaneView(target, plane: plane) else { continue }
      table.withUnsafeBufferPointer { t in
        guard let lut = t.baseAddress else { return }
        for y in 0..<src.height {
          let s = src.row(y)
          let d = dst.row(y)
          for x in 0..<src.width { d[x] = lut[Int(s[x])] }
        }
      }
    }
    EffectFrames.copyAlpha(source, into: target)
  }
}
