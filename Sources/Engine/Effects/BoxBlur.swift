internal import CEffectKernels

/// A blur made of box blurs: up to three passes each way whose radii add up to the blur's reach, which makes it
/// close to a Gaussian while nothing spreads further than the reach. Sums are 16-bit (a pass's radius is at most
/// 127, so the reach at most 381 pixels) and the division is a multiplication's high half. The horizontal passes
/// run along each row as sums of shifted vectors where the radii are small (`RowPasses`), else as running sums on
/// eight rows at once (`LanePasses`, eight samples an instruction); the vertical passes run down whole rows of column
/// sums. The row and vertical passes are C (`CEffectKernels`), compiled for SSE2, AVX2 and AVX-512 and picked at
/// run time.
struct BoxBlur {
  /// The radii of the passes: `reach` split into three nearly equal whole parts (zeros dropped).
  let radii: [Int]

  static let maximumReach = 381

  init(reach: Int) {
    let r = min(max(0, reach), Self.maximumReach)
    radii = [r / 3, r / 3, r - 2 * (r / 3)].filter { $0 > 0 }
  }

  /// Blurs `source` into `target` (planes of the same size), using `scratch` space.
  func apply(_ source: PlaneView, into target: PlaneView, scratch: inout [UInt8]) {
    let (w, h) = (source.width, source.height)
    guard !radii.isEmpty else {
      for y in 0..<h { target.row(y).update(from: source.row(y), count: w) }
      return
    }
    // The plane, then (16-byte aligned) the horizontal passes' two rows of 16-bit values (eight interleaved rows
    // each for the lane passes), the first of which also holds the column sums of the vertical passes.
    let planeBytes = (w * h + 15) & ~15
    let needed = planeBytes + max(32 * w, 2 * RowPasses.samples(width: w)) + 16
    if scratch.count < needed { scratch = [UInt8](repeating: 0, count: needed) }
    scratch.withUnsafeMutableBufferPointer { buffer in
      guard let plane = buffer.baseAddress else { return }
      let raw = UnsafeMutableRawPointer(plane + planeBytes)
      let aligned = raw + ((16 - Int(bitPattern: raw) & 15) & 15)
      // The horizontal passes write where the vertical ones, alternating between it and the target, end in the
      // target.
      let scratchPlane = PlaneView(base: plane, stride: w, width: w, height: h)
      let (across, other) = radii.count % 2 == 1 ? (scratchPlane, target) : (target, scratchPlane)
      if radii.max() ?? 0 <= RowPasses.maximumRadius {
        RowPasses.run(from: source, into: across, radii: radii, buffer: aligned.assumingMemoryBound(to: UInt16.self))
      } else {
        let lanes = aligned.assumingMemoryBound(to: SIMD8<UInt16>.self)
        // Eight rows at a time; the last group repeats the last row where the plane has fewer left.
        for y in stride(from: 0, to: h, by: 8) {
          LanePasses.run(from: source, into: across, rows: y, width: w, radii: radii, buffers: (lanes, lanes + w))
        }
      }
      let sums = aligned.assumingMemoryBound(to: UInt16.self)
      var (from, to) = (across, other)
      for r in radii {
        Self.vertical(from, into: to, radius: r, sums: sums)
        swap(&from, &to)
      }
    }
  }

  /// 65536 / (2r + 1): the high 16 bits of (sum + r) times it are the rounded mean.
  @inline(__always)
  static func reciprocal(_ r: Int) -> UInt16 { clipmerge_box_reciprocal(Int32(r)) }

  /// The rounded means of eight sums of `2r + 1` samples, `bias` being r and `multiplier` its `reciprocal` in
  /// every lane: a widening multiplication's high half (one `pmulhuw`).
  @inline(__always)
  static func mean(_ sum: SIMD8<UInt16>, bias: SIMD8<UInt16>, multiplier: SIMD8<UInt16>) -> SIMD8<UInt16> {
    SIMD8<UInt16>(
      truncatingIfNeeded: (SIMD8<UInt32>(truncatingIfNeeded: sum &+ bias)
        &* SIMD8<UInt32>(truncatingIfNeeded: multiplier)) &>> 16)
  }

  /// One vertical pass of radius `r`, `sums` holding a row of 16-bit column sums.
  static func vertical(_ src: PlaneView, into dst: PlaneView, radius r: Int, sums: UnsafeMutablePointer<UInt16>) {
    clipmerge_box_vertical(
      src.base, src.stride, dst.base, dst.stride, Int32(src.width), Int32(src.height), Int32(r), sums)
  }
}
