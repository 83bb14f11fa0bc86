import Composition

/// A `.cube` table turned into tables over this render's own Y'CbCr, so a picture is looked up where it is,
/// without converting every pixel to RGB and back. First a grid of 33 points a side: each point holds the Y'CbCr of
/// its colour plus what the cube changes about that colour (its own colour clamped into the cube's domain), so an
/// identity cube is an identity here, colours outside RGB included. Then, interpolated from the grid, what the table
/// changes (the output minus the input, in half levels) in small tables that mostly stay in the processor's cache:
/// for luma at every Y' and Cb, Cr to 6 bits (1 MB), for chroma at Cb, Cr and the mean Y' of the four luma pixels
/// to 6 bits (2 × 256 KB). A change varies slowly with the colour, so the 6-bit steps and half levels cost at most a
/// level or two on strong grades, and nothing where the table changes nothing. An amount below 1 scales the change.
struct YUVLookup {
  static let points = 33
  /// Y' change at `(Cr >> 2) << 14 | (Cb >> 2) << 8 | Y'`.
  private let luma: [Int8]
  /// Cb and Cr changes at `(Cr >> 2) << 12 | (Cb >> 2) << 6 | (mean Y' >> 2)`.
  private let cb: [Int8]
  private let cr: [Int8]

  init(_ cube: CubeLUT, matrix: ColorMatrix) {
    let grid = Self.grid(cube, matrix: matrix)
    let n = Self.points
    var luma = [Int8](repeating: 0, count: 1 << 20)
    var cb = [Int8](repeating: 0, count: 1 << 18)
    var cr = [Int8](repeating: 0, count: 1 << 18)
    let scale = Float(n - 1) / 255
    var column = [SIMD3<Float>](repeating: .zero, count: n)
    for vq in 0..<64 {
      // The middle of the 6-bit step.
      let v = Float(4 * vq) + 1.5
      let pv = v * scale
      let iv = min(Int(pv), n - 2)
      let fv = pv - Float(iv)
      for uq in 0..<64 {
        let u = Float(4 * uq) + 1.5
        let pu = u * scale
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
        let lumaBase = (vq << 14) | (uq << 8)
        for y in 0..<256 { luma[lumaBase | y] = Self.change(along(Float(y)).x - Float(y)) }
        let chromaBase = (vq << 12) | (uq << 6)
        for yq in 0..<64 {
          let out = along(Float(4 * yq) + 1.5)
          cb[chromaBase | yq] = Self.change(out.y - u)
          cr[chromaBase | yq] = Self.change(out.z - v)
        }
      }
    }
    (self.luma, self.cb, self.cr) = (luma, cb, cr)
  }

  /// A change in half levels (-254...254 in a byte).
  @inline(__always)
  private static func change(_ value: Float) -> Int8 { Int8(min(max(value / 2, -127), 127).rounded()) }

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
  /// chroma with the mean Y' of the four luma pixels it covers. `amount` (0...1) scales the change.
  func apply(_ source: Frame, into target: Frame, amount: Double) {
    guard let sy = PlaneView(source, plane: 0), let su = PlaneView(source, plane: 1),
      let sv = PlaneView(source, plane: 2), let dy = PlaneView(target, plane: 0), let du = PlaneView(target, plane: 1),
      let dv = PlaneView(target, plane: 2)
    else { return }
    let weight = Int32((min(max(amount, 0), 1) * 256).rounded())
    luma.withUnsafeBufferPointer { table in
      guard let t = table.baseAddress else { return }
      for row in 0..<sy.height {
        let s = sy.row(row)
        let d = dy.row(row)
        let u = su.row(row >> 1)
        let v = sv.row(row >> 1)
        for x in 0..<sy.width {
          let index = (Int(v[x >> 1] >> 2) << 14) | (Int(u[x >> 1] >> 2) << 8) | Int(s[x])
          d[x] = Self.changed(s[x], by: t[index], weight: weight)
        }
      }
    }
    cb.withUnsafeBufferPointer { cbTable in
      cr.withUnsafeBufferPointer { crTable in
        guard let tb = cbTable.baseAddress, let tr = crTable.baseAddress else { return }
        let lastX = sy.width - 1
        for row in 0..<su.height {
          let l0 = sy.row(min(2 * row, sy.height - 1))
          let l1 = sy.row(min(2 * row + 1, sy.height - 1))
          let u = su.row(row)
          let v = sv.row(row)
          let ou = du.row(row)
          let ov = dv.row(row)
          for x in 0..<su.width {
            let a = min(2 * x, lastX)
            let b = min(2 * x + 1, lastX)
            let sum = Int(l0[a]) + Int(l0[b]) + Int(l1[a]) + Int(l1[b])
            let index = (Int(v[x] >> 2) << 12) | (Int(u[x] >> 2) << 6) | (sum >> 4)
            ou[x] = Self.changed(u[x], by: tb[index], weight: weight)
            ov[x] = Self.changed(v[x], by: tr[index], weight: weight)
          }
        }
      }
    }
    EffectFrames.copyAlpha(source, into: target)
  }

  /// `value` plus `weight`/256 of `change` (in half levels), clamped to a byte.
  @inline(__always)
  private static func changed(_ value: UInt8, by change: Int8, weight: Int32) -> UInt8 {
    let step = (Int32(change) &* weight &+ 64) >> 7
    return UInt8(clamping: Int32(value) &+ step)
  }

}
