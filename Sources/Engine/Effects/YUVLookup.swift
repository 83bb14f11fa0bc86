internal import CEffectKernels
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
  /// a block's chroma in one cache line and one load). Built in `YUVLookup+Table.swift`.
  let table = HugePageTable(count: 1 << 25)

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
    // Whole 2×2 blocks by the C kernel `clipmerge_lookup_row` (with AVX-512, sixteen blocks a step by gathers).
    let pairs = sy.width / 2
    let t = UnsafePointer(table.bytes)
    // Per row, each block's Cb, Cr as one 16-bit key, and its Cb, Cr out as one pair, spread into the planes after.
    withUnsafeTemporaryAllocation(of: UInt16.self, capacity: 2 * pairs + 16) { buffer in
      guard let keys = buffer.baseAddress else { return }
      let outs = keys + pairs + 8
      for row in 0..<su.height {
        // An odd last row or column takes its block's other half from itself (written twice, the same).
        let (y0, y1) = (min(2 * row, lastY), min(2 * row + 1, lastY))
        let (s0, s1, d0, d1) = (sy.row(y0), sy.row(y1), dy.row(y0), dy.row(y1))
        let (u, v, ou, ov) = (su.row(row), sv.row(row), du.row(row), dv.row(row))
        Self.interleave(u, v, into: keys, count: pairs)
        clipmerge_lookup_row(t, keys, s0, s1, d0, d1, outs, Int32(pairs))
        Self.spread(outs, into: ou, ov, count: pairs)
        for x in pairs..<su.width {
          let (a, b) = (min(2 * x, lastX), min(2 * x + 1, lastX))
          let block = t + (Int(Self.key(u[x], v[x])) << 9)
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
    for x in x..<count { keys[x] = key(u[x], v[x]) }
  }

  /// The key of a Cb, Cr pair; its block starts at `key << 9`.
  @inline(__always)
  private static func key(_ cb: UInt8, _ cr: UInt8) -> UInt16 { UInt16(cb) | UInt16(cr) << 8 }

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
}
