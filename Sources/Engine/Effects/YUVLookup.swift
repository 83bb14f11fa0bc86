import Composition

/// A `.cube` table turned into a table over this render's own Y'CbCr, so a picture is looked up where it is,
/// without converting every pixel to RGB and back. First a grid of 33 points a side: each point holds the Y'CbCr of
/// its colour plus what the cube changes about that colour (its own colour clamped into the cube's domain), so an
/// identity cube is an identity here, colours outside RGB included. Then, interpolated from the grid, one block of
/// 512 bytes for every Cb, Cr (32 MB, on huge pages): Y' out for every Y', then Cb and Cr out, side by side, for the
/// mean Y' of four luma pixels to 7 bits. A 2×2 block of pixels and its chroma sample are looked up together in
/// their one block, so each costs about one trip to memory. An amount below 1 mixes the result with the original.
struct YUVLookup {
  static let points = 33
  /// The block of (Cb, Cr) starts at `((Cr << 8) | Cb) << 9`: 256 bytes of Y', then 128 pairs of Cb, Cr (both of
  /// a block's chroma in one cache line and one load).
  private let table = HugePageTable(count: 1 << 25)

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

  /// Looks up every pixel of `source` (4:2:0) into `target`, a 2×2 block and its chroma sample at a time: luma with
  /// its own Y' and the block's Cb, Cr; chroma with the block's mean Y'. `amount` (0...1) mixes the result with the
  /// source.
  func apply(_ source: Frame, into target: Frame, amount: Double) {
    guard let sy = PlaneView(source, plane: 0), let su = PlaneView(source, plane: 1),
      let sv = PlaneView(source, plane: 2), let dy = PlaneView(target, plane: 0), let du = PlaneView(target, plane: 1),
      let dv = PlaneView(target, plane: 2)
    else { return }
    let mix = Int32((min(max(amount, 0), 1) * 256).rounded())
    let (lastX, lastY) = (sy.width - 1, sy.height - 1)
    // Whole 2×2 blocks: each row's two luma samples read and written as one 16-bit word.
    let pairs = sy.width / 2
    let t = UnsafePointer(table.bytes)
    // Per row, each block's Cb, Cr as one 16-bit key, and its Cb, Cr out as one pair, spread into the planes after:
    // the loop over the blocks then keeps its pointers in registers (the lookup's share of the 1080p bench join with
    // the table alone: 7.4–7.7 % of the samples against 8.4–8.6 %).
    withUnsafeTemporaryAllocation(of: UInt16.self, capacity: 2 * pairs + 16) { buffer in
      guard let keys = buffer.baseAddress else { return }
      let outs = keys + pairs + 8
      for row in 0..<su.height {
        // An odd last row or column takes its block's other half from itself (written twice, the same).
        let (y0, y1) = (min(2 * row, lastY), min(2 * row + 1, lastY))
        let (s0, s1, d0, d1) = (sy.row(y0), sy.row(y1), dy.row(y0), dy.row(y1))
        let (u, v, ou, ov) = (su.row(row), sv.row(row), du.row(row), dv.row(row))
        Self.interleave(u, v, into: keys, count: pairs)
        let (top, bottom) = (UnsafeRawPointer(s0), UnsafeRawPointer(s1))
        let (outTop, outBottom) = (UnsafeMutableRawPointer(d0), UnsafeMutableRawPointer(d1))
        for x in 0..<pairs {
          let block = t + (Int(keys[x]) << 9)
          let (upper, lower) = (
            top.loadUnaligned(fromByteOffset: 2 * x, as: UInt16.self),
            bottom.loadUnaligned(fromByteOffset: 2 * x, as: UInt16.self)
          )
          let (p, q, r, s) = (Int(upper & 0xFF), Int(upper >> 8), Int(lower & 0xFF), Int(lower >> 8))
          outTop.storeBytes(of: UInt16(block[p]) | UInt16(block[q]) << 8, toByteOffset: 2 * x, as: UInt16.self)
          outBottom.storeBytes(of: UInt16(block[r]) | UInt16(block[s]) << 8, toByteOffset: 2 * x, as: UInt16.self)
          outs[x] = Self.chroma(block, mean: (p + q + r + s) >> 3)
        }
        Self.spread(outs, into: ou, ov, count: pairs)
        for x in pairs..<su.width {
          let (a, b) = (min(2 * x, lastX), min(2 * x + 1, lastX))
          let block = t + ((Int(v[x]) << 17) | (Int(u[x]) << 9))
          let (p, q, r, s) = (s0[a], s0[b], s1[a], s1[b])
          d0[a] = block[Int(p)]
          d0[b] = block[Int(q)]
          d1[a] = block[Int(r)]
          d1[b] = block[Int(s)]
          let pair = Self.chroma(block, mean: (Int(p) + Int(q) + Int(r) + Int(s)) >> 3)
          (ou[x], ov[x]) = (UInt8(truncatingIfNeeded: pair), UInt8(truncatingIfNeeded: pair >> 8))
        }
      }
    }
    if mix < 256 {
      for (plane, from) in [(dy, sy), (du, su), (dv, sv)] {
        for row in 0..<plane.height { Self.mix(plane.row(row), with: from.row(row), count: plane.width, weight: mix) }
      }
    }
    EffectFrames.copyAlpha(source, into: target)
  }

  /// A block's Cb, Cr out for a mean Y' (to 7 bits): the pair side by side (Cb in the low byte), read in one load.
  @inline(__always)
  private static func chroma(_ block: UnsafePointer<UInt8>, mean: Int) -> UInt16 {
    UnsafeRawPointer(block).loadUnaligned(fromByteOffset: 256 + 2 * mean, as: UInt16.self)
  }

  /// `count` Cb, Cr samples as 16-bit keys (Cr in the high byte), eight at a time.
  private static func interleave(
    _ u: UnsafePointer<UInt8>, _ v: UnsafePointer<UInt8>, into keys: UnsafeMutablePointer<UInt16>, count: Int
  ) {
    var x = 0
    while x + 8 <= count {
      let cb = SIMD8<UInt16>(truncatingIfNeeded: UnsafeRawPointer(u + x).loadUnaligned(as: SIMD8<UInt8>.self))
      let cr = SIMD8<UInt16>(truncatingIfNeeded: UnsafeRawPointer(v + x).loadUnaligned(as: SIMD8<UInt8>.self))
      UnsafeMutableRawPointer(keys + x).storeBytes(of: cb | cr &<< 8, as: SIMD8<UInt16>.self)
      x += 8
    }
    for x in x..<count { keys[x] = UInt16(u[x]) | UInt16(v[x]) << 8 }
  }

  /// `count` Cb, Cr pairs (Cb in the low byte) spread into their planes' rows, eight at a time.
  private static func spread(
    _ pairs: UnsafePointer<UInt16>, into u: UnsafeMutablePointer<UInt8>, _ v: UnsafeMutablePointer<UInt8>, count: Int
  ) {
    var x = 0
    while x + 8 <= count {
      let pair = UnsafeRawPointer(pairs + x).loadUnaligned(as: SIMD8<UInt16>.self)
      UnsafeMutableRawPointer(u + x).storeBytes(of: SIMD8<UInt8>(truncatingIfNeeded: pair), as: SIMD8<UInt8>.self)
      UnsafeMutableRawPointer(v + x).storeBytes(of: SIMD8<UInt8>(truncatingIfNeeded: pair &>> 8), as: SIMD8<UInt8>.self)
      x += 8
    }
    for x in x..<count {
      (u[x], v[x]) = (UInt8(truncatingIfNeeded: pairs[x]), UInt8(truncatingIfNeeded: pairs[x] >> 8))
    }
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
