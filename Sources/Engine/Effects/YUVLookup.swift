import Composition

/// A `.cube` table turned into tables over this render's own Y'CbCr, so a picture is looked up where it is,
/// without converting every pixel to RGB and back. First a grid of 33 points a side: each point holds the Y'CbCr of
/// its colour plus what the cube changes about that colour (its own colour clamped into the cube's domain), so an
/// identity cube is an identity here, colours outside RGB included. Then, interpolated from the grid, a dense table
/// for luma (every Y', Cb, Cr: 16 MB) and one for chroma (Cb, Cr and the mean Y' of the four luma pixels to 7 bits:
/// 2 × 8 MB), so each sample costs one lookup. An amount below 1 mixes the looked-up picture with the original.
struct YUVLookup {
  static let points = 33
  /// Y' out, at `(Cr << 16) | (Cb << 8) | Y'`.
  private let luma: [UInt8]
  /// Cb and Cr out, at `(Cr << 15) | (Cb << 7) | (mean Y' >> 1)`.
  private let cb: [UInt8]
  private let cr: [UInt8]

  init(_ cube: CubeLUT, matrix: ColorMatrix) {
    let grid = Self.grid(cube, matrix: matrix)
    let n = Self.points
    var luma = [UInt8](repeating: 0, count: 1 << 24)
    var cb = [UInt8](repeating: 0, count: 1 << 23)
    var cr = [UInt8](repeating: 0, count: 1 << 23)
    let scale = Float(n - 1) / 255
    var column = [SIMD3<Float>](repeating: .zero, count: n)
    for v in 0..<256 {
      let pv = Float(v) * scale
      let iv = min(Int(pv), n - 2)
      let fv = pv - Float(iv)
      for u in 0..<256 {
        let pu = Float(u) * scale
        let iu = min(Int(pu), n - 2)
        let fu = pu - Float(iu)
        // The grid's values along Y' at this (Cb, Cr), interpolated bilinearly.
        for iy in 0..<n {
          let c00 = grid[(iv * n + iu) * n + iy]
          let c10 = grid[(iv * n + iu + 1) * n + iy]
          let c01 = grid[((iv + 1) * n + iu) * n + iy]
          let c11 = grid[((iv + 1) * n + iu + 1) * n + iy]
          let c0 = c00 + (c10 - c00) * fu
          let c1 = c01 + (c11 - c01) * fu
          column[iy] = c0 + (c1 - c0) * fv
        }
        func along(_ y: Float) -> SIMD3<Float> {
          let py = y * scale
          let iy = min(Int(py), n - 2)
          let f = py - Float(iy)
          return column[iy] + (column[iy + 1] - column[iy]) * f
        }
        let lumaBase = (v << 16) | (u << 8)
        for y in 0..<256 { luma[lumaBase | y] = Self.byte(along(Float(y)).x) }
        let chromaBase = (v << 15) | (u << 7)
        for half in 0..<128 {
          let out = along(Float(2 * half) + 0.5)
          cb[chromaBase | half] = Self.byte(out.y)
          cr[chromaBase | half] = Self.byte(out.z)
        }
      }
    }
    (self.luma, self.cb, self.cr) = (luma, cb, cr)
  }

  /// The 33³ grid, Y' fastest, then Cb, then Cr: the output (Y', Cb, Cr) as unclamped 8-bit values.
  static func grid(_ cube: CubeLUT, matrix: ColorMatrix) -> [SIMD3<Float>] {
    let n = points
    let step = 255 / Float(n - 1)
    let (kr, kb) = (Float(matrix.coefficients.kr), Float(matrix.coefficients.kb))
    let kg = 1 - kr - kb
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
          let out = rgb + (cube.lookup(inside) - inside)
          let oy = kr * out.x + kg * out.y + kb * out.z
          table.append(
            SIMD3(16 + 219 * oy, 128 + 224 * (out.z - oy) / (2 * (1 - kb)), 128 + 224 * (out.x - oy) / (2 * (1 - kr))))
        }
      }
    }
    return table
  }

  /// Looks up every pixel of `source` (4:2:0) into `target`: luma with its own Y' and its chroma sample's Cb, Cr;
  /// chroma with the mean Y' of the four luma pixels it covers. `amount` (0...1) mixes the result with the source.
  func apply(_ source: Frame, into target: Frame, amount: Double) {
    guard let sy = PlaneView(source, plane: 0), let su = PlaneView(source, plane: 1),
      let sv = PlaneView(source, plane: 2), let dy = PlaneView(target, plane: 0), let du = PlaneView(target, plane: 1),
      let dv = PlaneView(target, plane: 2)
    else { return }
    let mix = Int32((min(max(amount, 0), 1) * 256).rounded())
    luma.withUnsafeBufferPointer { table in
      guard let t = table.baseAddress else { return }
      for row in 0..<sy.height {
        let s = sy.row(row)
        let d = dy.row(row)
        let u = su.row(row >> 1)
        let v = sv.row(row >> 1)
        for x in 0..<sy.width {
          d[x] = t[(Int(v[x >> 1]) << 16) | (Int(u[x >> 1]) << 8) | Int(s[x])]
        }
        if mix < 256 { Self.mix(d, with: s, count: sy.width, weight: mix) }
      }
    }
    cb.withUnsafeBufferPointer { cbTable in
      cr.withUnsafeBufferPointer { crTable in
        guard let tb = cbTable.baseAddress, let tr = crTable.baseAddress else { return }
        for row in 0..<su.height {
          let l0 = sy.row(min(2 * row, sy.height - 1))
          let l1 = sy.row(min(2 * row + 1, sy.height - 1))
          let u = su.row(row)
          let v = sv.row(row)
          let ou = du.row(row)
          let ov = dv.row(row)
          let lastX = sy.width - 1
          for x in 0..<su.width {
            let a = min(2 * x, lastX)
            let b = min(2 * x + 1, lastX)
            let sum = Int(l0[a]) + Int(l0[b]) + Int(l1[a]) + Int(l1[b])
            let index = (Int(v[x]) << 15) | (Int(u[x]) << 7) | (sum >> 3)
            ou[x] = tb[index]
            ov[x] = tr[index]
          }
          if mix < 256 {
            Self.mix(ou, with: u, count: su.width, weight: mix)
            Self.mix(ov, with: v, count: su.width, weight: mix)
          }
        }
      }
    }
    EffectFrames.copyAlpha(source, into: target)
  }

  /// `out = original + (out − original)·weight/256`.
  @inline(__always)
  private static func mix(
    _ out: UnsafeMutablePointer<UInt8>, with original: UnsafePointer<UInt8>, count: Int, weight: Int32
  ) {
    for x in 0..<count {
      let o = Int32(original[x])
      out[x] = UInt8(truncatingIfNeeded: o &+ (((Int32(out[x]) &- o) &* weight &+ 128) >> 8))
    }
  }

  @inline(__always)
  private static func byte(_ value: Float) -> UInt8 { UInt8(min(max(value, 0), 255) + 0.5) }
}
