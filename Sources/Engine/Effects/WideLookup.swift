/// A `.cube` table applied to 10-bit pictures (an HDR render's, on the HDR signal as the 8-bit `YUVLookup` does on
/// the SDR one): the same 33-point grid over Y'CbCr (`YUVLookup.grid`), interpolated trilinearly for each pixel
/// rather than read from a table of every 8-bit value. Luma takes its own Y' and its 2×2 block's Cb, Cr; chroma
/// the block's mean Y'. `amount` (0...1) mixes the result with the source.
struct WideLookup: Sendable {
  /// Y' fastest, then Cb, then Cr; values in 8-bit units.
  let grid: [SIMD3<Float>]

  init(_ cube: CubeLUT, matrix: ColorMatrix) {
    grid = YUVLookup.grid(cube, matrix: matrix)
  }

  func apply(_ source: Frame, into target: Frame, amount: Double) {
    guard let sy = Plane<UInt16>(source, plane: 0), let su = Plane<UInt16>(source, plane: 1),
      let sv = Plane<UInt16>(source, plane: 2), let dy = Plane<UInt16>(target, plane: 0),
      let du = Plane<UInt16>(target, plane: 1), let dv = Plane<UInt16>(target, plane: 2)
    else { return }
    let mix = Float(min(max(amount, 0), 1))
    let toEight = 1 / Float(1 << (sy.depth - 8))
    let top = Float(sy.maximum)
    let (lastX, lastY) = (sy.width - 1, sy.height - 1)
    func level(_ value: Float, _ old: UInt16) -> UInt16 {
      let out = Float(old) + (value / toEight - Float(old)) * mix
      return UInt16(min(max(out.isNaN ? 0 : out, 0), top) + 0.5)
    }
    grid.withUnsafeBufferPointer { grid in
      for row in 0..<su.height {
        let (y0, y1) = (min(2 * row, lastY), min(2 * row + 1, lastY))
        for x in 0..<su.width {
          let (a, b) = (min(2 * x, lastX), min(2 * x + 1, lastX))
          let (u, v) = (Float(su.row(row)[x]) * toEight, Float(sv.row(row)[x]) * toEight)
          var mean: Float = 0
          for corner in 0..<4 {
            let (py, px) = (corner < 2 ? y0 : y1, corner & 1 == 0 ? a : b)
            let old = sy.row(py)[px]
            mean += Float(old)
            dy.row(py)[px] = level(Self.sample(grid, Float(old) * toEight, u, v).x, old)
          }
          let chroma = Self.sample(grid, mean / 4 * toEight, u, v)
          du.row(row)[x] = level(chroma.y, su.row(row)[x])
          dv.row(row)[x] = level(chroma.z, sv.row(row)[x])
        }
      }
    }
    EffectFrames.copyAlpha(source, into: target)
  }

  /// The grid at 8-bit (Y', Cb, Cr), interpolated trilinearly.
  @inline(__always)
  private static func sample(_ grid: UnsafeBufferPointer<SIMD3<Float>>, _ y: Float, _ u: Float, _ v: Float)
    -> SIMD3<Float>
  {
    let n = YUVLookup.points
    let scale = Float(n - 1) / 255
    func cell(_ value: Float) -> (Int, Float) {
      let p = min(max(value * scale, 0), Float(n - 1))
      let i = min(Int(p), n - 2)
      return (i, p - Float(i))
    }
    let (iy, fy) = cell(y)
    let (iu, fu) = cell(u)
    let (iv, fv) = cell(v)
    func at(_ dy: Int, _ du: Int, _ dv: Int) -> SIMD3<Float> { grid[((iv + dv) * n + iu + du) * n + iy + dy] }
    let c00 = at(0, 0, 0) + (at(1, 0, 0) - at(0, 0, 0)) * fy
    let c10 = at(0, 1, 0) + (at(1, 1, 0) - at(0, 1, 0)) * fy
    let c01 = at(0, 0, 1) + (at(1, 0, 1) - at(0, 0, 1)) * fy
    let c11 = at(0, 1, 1) + (at(1, 1, 1) - at(0, 1, 1)) * fy
    let c0 = c00 + (c10 - c00) * fu
    let c1 = c01 + (c11 - c01) * fu
    return c0 + (c1 - c0) * fv
  }
}
