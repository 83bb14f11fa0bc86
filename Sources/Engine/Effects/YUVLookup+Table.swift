import Composition

/// Building a `YUVLookup`'s table from a `.cube` table: the grid over Y'CbCr, then each block interpolated from it.
extension YUVLookup {
  init(_ cube: CubeLUT, matrix: ColorMatrix) {
    let grid = Self.grid(cube, matrix: matrix)
    let n = Self.points
    let scale = Float(n - 1) / 255
    /// The grid cell below a Y' and how far into it: for each luma value, then for each chroma row's mean.
    func cell(_ y: Float) -> (index: Int, fraction: Float) {
      let p = y * scale
      let i = min(Int(p), n - 2)
      return (i, p - Float(i))
    }
    let luma = Self.runs((0..<256).map { cell(Float($0)) }, start: 0, width: 1)
    let chroma = Self.runs((0..<128).map { cell(Float(2 * $0) + 0.875) }, start: 256, width: 2)
    var column = [SIMD3<Float>](repeating: .zero, count: n)
    let start = table.bytes
    grid.withUnsafeBufferPointer { grid in
      column.withUnsafeMutableBufferPointer { column in
        for v in 0..<256 {
          let (iv, fv) = cell(Float(v))
          for u in 0..<256 {
            let (iu, fu) = cell(Float(u))
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
            // Then along Y', eight outputs at a time: Y' for each Y', then Cb, Cr pairs for each mean Y'.
            let block = start + (((v << 8) | u) << 9)
            for run in luma {
              let (low, high) = (column[run.cell].x, column[run.cell + 1].x)
              run.store(SIMD8(repeating: low) + SIMD8(repeating: high - low) * run.fractions, in: block)
            }
            for run in chroma {
              let (low, step) = (column[run.cell], column[run.cell + 1] - column[run.cell])
              let base = SIMD8(low.y, low.z, low.y, low.z, low.y, low.z, low.y, low.z)
              let rise = SIMD8(step.y, step.z, step.y, step.z, step.y, step.z, step.y, step.z)
              run.store(base + rise * run.fractions, in: block)
            }
          }
        }
      }
    }
  }

  /// Outputs of a block that fall in one grid cell along Y', worked out in the eight lanes of a vector: where
  /// their bytes start in the block, how many bytes, the cell, and each lane's fraction into the cell.
  private struct Run {
    let offset: Int
    let count: Int
    let cell: Int
    let fractions: SIMD8<Float>

    /// Writes `values` as bytes (`bytes`): eight at once where the block has room past them (the runs after this
    /// one write over the extra), else only its own.
    @inline(__always)
    func store(_ values: SIMD8<Float>, in block: UnsafeMutablePointer<UInt8>) {
      let out = YUVLookup.bytes(values)
      if offset + 8 <= 512 {
        UnsafeMutableRawPointer(block + offset).storeBytes(of: out, as: SIMD8<UInt8>.self)
      } else {
        for lane in 0..<count { block[offset + lane] = out[lane] }
      }
    }
  }

  /// `cells` (each output's grid cell and fraction) as runs of outputs in one cell; output i is `width` bytes
  /// (Y', or a Cb, Cr pair) at byte `start + i·width`. Lanes past a run's end repeat its last fraction.
  private static func runs(_ cells: [(index: Int, fraction: Float)], start: Int, width: Int) -> [Run] {
    var runs: [Run] = []
    var first = 0
    while first < cells.count {
      var end = first + 1
      while end < cells.count, end - first < 8 / width, cells[end].index == cells[first].index { end += 1 }
      var fractions = SIMD8<Float>()
      for lane in 0..<8 { fractions[lane] = cells[min(first + lane / width, end - 1)].fraction }
      runs.append(
        Run(offset: start + first * width, count: (end - first) * width, cell: cells[first].index, fractions: fractions)
      )
      first = end
    }
    return runs
  }

  /// The 33³ grid, Y' fastest, then Cb, then Cr: the output (Y', Cb, Cr) as unclamped 8-bit values.
  static func grid(_ cube: CubeLUT, matrix: ColorMatrix) -> [SIMD3<Float>] {
    let n = points
    let step = 255 / Float(n - 1)
    let (kr, kb) = (Float(matrix.coefficients.kr), Float(matrix.coefficients.kb))
    let kg = 1 - kr - kb
    let bound = SIMD3<Float>(repeating: 1_000_000)
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
          let yuv = SIMD3(
            16 + 219 * oy, 128 + 224 * (out.z - oy) / (2 * (1 - kb)), 128 + 224 * (out.x - oy) / (2 * (1 - kr)))
          // A table's huge values (a float's range is up to 3·10³⁸) can overflow to infinities and NaNs: a NaN is
          // taken as 0 and the rest kept within a million levels, so interpolating between points stays finite.
          // No table of colours comes near it.
          table.append(yuv.replacing(with: 0, where: yuv .!= yuv).clamped(lowerBound: -bound, upperBound: bound))
        }
      }
    }
    return table
  }

  /// Each lane clamped to 0...255 and rounded half up, the same as `UInt8(clamped + 0.5)`, in vector instructions
  /// rather than Swift's checked conversion lane by lane: adding 2²³ leaves the nearest whole number in the low
  /// bits, one less where that is above the value.
  @inline(__always)
  private static func bytes(_ values: SIMD8<Float>) -> SIMD8<UInt8> {
    var clamped = values.replacing(with: 0, where: values .< 0)
    clamped.replace(with: 255, where: clamped .> 255)
    let half = clamped + 0.5
    let magic = SIMD8<Float>(repeating: 8_388_608)
    let rounded = half + magic
    let bits = unsafeBitCast(rounded, to: SIMD8<UInt32>.self)
    let whole = bits &- SIMD8(repeating: 0).replacing(with: 1, where: rounded - magic .> half)
    return SIMD8<UInt8>(truncatingIfNeeded: whole)
  }
}
