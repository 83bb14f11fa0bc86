import Composition

/// A `.cube` table turned into a table over this render's own Y'CbCr (33 points a side), so a picture is looked
/// up where it is, without converting every pixel to RGB and back. Each point holds the Y'CbCr of its colour
/// plus `amount` times what the cube changes about that colour (its own colour clamped into the cube's domain),
/// so an identity cube is an identity here, colours outside RGB included.
struct YUVLookup {
  static let points = 33
  /// `points`³ entries, Y fastest, then Cb, then Cr: the output (Y', Cb, Cr) as 8-bit values, unclamped.
  private let table: [SIMD3<Float>]

  init(_ cube: CubeLUT, amount: Double, matrix: ColorMatrix) {
    let n = Self.points
    let step = 255 / Float(n - 1)
    let (kr, kb) = (Float(matrix.coefficients.kr), Float(matrix.coefficients.kb))
    let kg = 1 - kr - kb
    let mix = Float(amount)
    var table: [SIMD3<Float>] = []
    table.reserveCapacity(n * n * n)
    for v in 0..<n {
      for u in 0..<n {
        for y in 0..<n {
          let yn = (Float(y) * step - 16) / 219
          let pb = (Float(u) * step - 128) / 224
          let pr = (Float(v) * step - 128) / 224
          let r = yn + 2 * (1 - kr) * pr
          let b = yn + 2 * (1 - kb) * pb
          let g = (yn - kr * r - kb * b) / kg
          let rgb = SIMD3(r, g, b)
          let inside = rgb.clamped(lowerBound: SIMD3(repeating: 0), upperBound: SIMD3(repeating: 1))
          let out = rgb + (cube.lookup(inside) - inside) * mix
          let oy = kr * out.x + kg * out.y + kb * out.z
          table.append(
            SIMD3(16 + 219 * oy, 128 + 224 * (out.z - oy) / (2 * (1 - kb)), 128 + 224 * (out.x - oy) / (2 * (1 - kr))))
        }
      }
    }
    self.table = table
  }

  /// Looks up every pixel of `source` (4:2:0) into `target`: luma with its own Y' and its chroma sample's Cb, Cr;
  /// chroma with the mean Y' of the four luma pixels it covers.
  func apply(_ source: Frame, into target: Frame) {
    guard let sy = PlaneView(source, plane: 0), let su = PlaneView(source, plane: 1),
      let sv = PlaneView(source, plane: 2), let dy = PlaneView(target, plane: 0), let du = PlaneView(target, plane: 1),
      let dv = PlaneView(target, plane: 2)
    else { return }
    table.withUnsafeBufferPointer { buffer in
      guard let t = buffer.baseAddress else { return }
      for row in 0..<sy.height {
        let s = sy.row(row)
        let d = dy.row(row)
        let u = su.row(row / 2)
        let v = sv.row(row / 2)
        for x in 0..<sy.width {
          d[x] = Self.byte(Self.sample(t, s[x], u[x / 2], v[x / 2]).x)
        }
      }
      for row in 0..<su.height {
        let l0 = sy.row(min(2 * row, sy.height - 1))
        let l1 = sy.row(min(2 * row + 1, sy.height - 1))
        let u = su.row(row)
        let v = sv.row(row)
        let ou = du.row(row)
        let ov = dv.row(row)
        for x in 0..<su.width {
          let a = min(2 * x, sy.width - 1)
          let b = min(2 * x + 1, sy.width - 1)
          let mean = (Int(l0[a]) + Int(l0[b]) + Int(l1[a]) + Int(l1[b]) + 2) >> 2
          let out = Self.sample(t, UInt8(mean), u[x], v[x])
          ou[x] = Self.byte(out.y)
          ov[x] = Self.byte(out.z)
        }
      }
    }
    EffectFrames.copyAlpha(source, into: target)
  }

  @inline(__always)
  private static func byte(_ value: Float) -> UInt8 { UInt8(min(max(value, 0), 255) + 0.5) }

  /// Trilinear interpolation at 8-bit (y, u, v).
  @inline(__always)
  private static func sample(_ t: UnsafePointer<SIMD3<Float>>, _ y: UInt8, _ u: UInt8, _ v: UInt8) -> SIMD3<Float> {
    let n = points
    // 32 intervals over 0...255: position = value · 32 / 255.
    let scale: Float = Float(n - 1) / 255
    let py = Float(y) * scale
    let pu = Float(u) * scale
    let pv = Float(v) * scale
    let iy = min(Int(py), n - 2)
    let iu = min(Int(pu), n - 2)
    let iv = min(Int(pv), n - 2)
    let fy = py - Float(iy)
    let fu = pu - Float(iu)
    let fv = pv - Float(iv)
    let base = (iv * n + iu) * n + iy
    let c000 = t[base]
    let c100 = t[base + 1]
    let c010 = t[base + n]
    let c110 = t[base + n + 1]
    let c001 = t[base + n * n]
    let c101 = t[base + n * n + 1]
    let c011 = t[base + n * n + n]
    let c111 = t[base + n * n + n + 1]
    let c00 = c000 + (c100 - c000) * fy
    let c10 = c010 + (c110 - c010) * fy
    let c01 = c001 + (c101 - c001) * fy
    let c11 = c011 + (c111 - c011) * fy
    let c0 = c00 + (c10 - c00) * fu
    let c1 = c01 + (c11 - c01) * fu
    return c0 + (c1 - c0) * fv
  }
}
