import Dispatch

/// The per-pixel work: 16-bit limited-range Y'CbCr 4:4:4 in the source matrix → 8-bit limited-range BT.709
/// Y'CbCr 4:2:0 (chroma averaged over each 2×2 block). Every curve is a table lookup.
struct HDRPixelMap {
  let transfer: ToneMapper.Transfer
  let source: (kr: Double, kb: Double)
  let gamut: [Float]
  /// Luminance weights of the source primaries (for the HLG OOTF).
  let luminance: (Float, Float, Float)

  /// The tables of `TransferCurves`, borrowed for one picture: read-only views of immutable tables, valid while
  /// `convert` runs, so its bands may share them.
  struct Tables: @unchecked Sendable {
    var scene: UnsafeBufferPointer<Float>
    var gain: UnsafeBufferPointer<Float>
    var pq: UnsafeBufferPointer<Float>
    var rollOff: UnsafeBufferPointer<Float>
    var encode: UnsafeBufferPointer<Float>
  }

  /// The planes of one picture's conversion: the 16-bit 4:4:4 source and the 8-bit 4:2:0 target. Each band
  /// of `convert` writes its own rows only, so the bands may share them.
  struct Planes: @unchecked Sendable {
    var width: Int
    var height: Int
    var y, u, v: (base: UnsafeMutablePointer<UInt16>, stride: Int)
    var yOut, uOut, vOut: PlaneView

    init?(_ wide: Frame, _ out: Frame) {
      func plane16(_ i: Int) -> (UnsafeMutablePointer<UInt16>, Int)? {
        guard let data = wide.data(i) else { return nil }
        return (UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt16.self), wide.linesize(i) / 2)
      }
      guard let y = plane16(0), let u = plane16(1), let v = plane16(2), let yOut = PlaneView(out, plane: 0),
        let uOut = PlaneView(out, plane: 1), let vOut = PlaneView(out, plane: 2)
      else { return nil }
      (width, height) = (wide.width, wide.height)
      (self.y, self.u, self.v) = (y, u, v)
      (self.yOut, self.uOut, self.vOut) = (yOut, uOut, vOut)
    }
  }

  func convert(_ wide: Frame, into out: Frame) {
    guard let planes = Planes(wide, out) else { return }
    TransferCurves.hlgSceneLight.withUnsafeBufferPointer { scene in
      TransferCurves.hlgDisplayGain.withUnsafeBufferPointer { gain in
        TransferCurves.pqDisplayLight.withUnsafeBufferPointer { pq in
          TransferCurves.rollOffScale.withUnsafeBufferPointer { rollOff in
            TransferCurves.sdrSignal.withUnsafeBufferPointer { encode in
              let tables = Tables(scene: scene, gain: gain, pq: pq, rollOff: rollOff, encode: encode)
              // Two bands of rows at once: the mapping costs several times the decoding it follows.
              let split = planes.height / 4 * 2  // even, so each band starts a row of chroma
              DispatchQueue.concurrentPerform(iterations: 2) { band in
                let rows = band == 0 ? 0..<split : split..<planes.height
                convert(planes, rows: rows, tables: tables)
              }
            }
          }
        }
      }
    }
  }

  /// Works on 2×2 blocks, the four pixels of a block as the lanes of SIMD vectors (an odd last column or row
  /// repeats its pixels): four independent chains of lookups keep the core busy where one pixel at a time
  /// waits on each lookup in turn (twice as slow, measured).
  private func convert(_ planes: Planes, rows: Range<Int>, tables t: Tables) {
    typealias V = SIMD4<Float>
    let width = planes.width
    let height = planes.height
    let kr = Float(source.kr)
    let kb = Float(source.kb)
    let (okr, okb) = (Float(0.2126), Float(0.0722))
    let (m0, m1, m2, m3, m4, m5, m6, m7, m8) = (
      gamut[0], gamut[1], gamut[2], gamut[3], gamut[4], gamut[5], gamut[6], gamut[7], gamut[8]
    )
    let (w0, w1, w2) = luminance
    let hlg = transfer == .hlg
    // Lane by lane where the standard library's generic versions did not inline.
    @inline(__always) func maximum(_ a: V, _ b: V) -> V { a.replacing(with: b, where: b .> a) }
    @inline(__always) func minimum(_ a: V, _ b: V) -> V { a.replacing(with: b, where: b .< a) }
    /// Rounds lanes in 0..<2²³ to integers without a checked conversion: adding 2²³ leaves the rounded value
    /// in the low mantissa bits.
    @inline(__always) func rounded(_ v: V) -> SIMD4<UInt32> {
      unsafeBitCast(v + 8_388_608, to: SIMD4<UInt32>.self) & 0x7F_FFFF
    }
    /// `table` at v · steps, v clamped to 0...1; NaN (which finite 16-bit inputs cannot produce) reads entry 0
    /// rather than outside the table.
    @inline(__always) func lookup(_ table: UnsafeBufferPointer<Float>, _ v: V, steps: Float) -> V {
      let low = v.replacing(with: 0, where: .!(v .>= 0))
      let i = rounded(low.replacing(with: 1, where: low .> 1) * steps)
      return V(table[Int(i[0])], table[Int(i[1])], table[Int(i[2])], table[Int(i[3])])
    }
    /// HDR R'G'B' signal (0...1) → SDR R'G'B' signal (0...1).
    @inline(__always) func sdr(_ r: V, _ g: V, _ b: V) -> (V, V, V) {
      var lr: V
      var lg: V
      var lb: V
      if hlg {
        let steps = TransferCurves.signalSteps
        let er = lookup(t.scene, r, steps: steps)
        let eg = lookup(t.scene, g, steps: steps)
        let eb = lookup(t.scene, b, steps: steps)
        let gain = lookup(t.gain, w0 * er + w1 * eg + w2 * eb, steps: TransferCurves.lightSteps)
        (lr, lg, lb) = (er * gain, eg * gain, eb * gain)
      } else {
        let steps = TransferCurves.signalSteps
        (lr, lg, lb) = (lookup(t.pq, r, steps: steps), lookup(t.pq, g, steps: steps), lookup(t.pq, b, steps: steps))
      }
      let outR = maximum(m0 * lr + m1 * lg + m2 * lb, .zero)
      let outG = maximum(m3 * lr + m4 * lg + m5 * lb, .zero)
      let outB = maximum(m6 * lr + m7 * lg + m8 * lb, .zero)
      let peak = maximum(maximum(outR, outG), outB)
      let scale = lookup(t.rollOff, peak * (1 / TransferCurves.rollOffRange), steps: TransferCurves.lightSteps)
      let steps = TransferCurves.lightSteps
      return (
        lookup(t.encode, outR * scale, steps: steps), lookup(t.encode, outG * scale, steps: steps),
        lookup(t.encode, outB * scale, steps: steps)
      )
    }
    let (ys, yStride) = planes.y
    let (us, uStride) = planes.u
    let (vs, vStride) = planes.v
    let (yOut, uOut, vOut) = (planes.yOut, planes.uOut, planes.vOut)
    @inline(__always) func block(
      _ p: UnsafeMutablePointer<UInt16>, _ stride: Int, _ x0: Int, _ x1: Int, _ y0: Int, _ y1: Int
    ) -> V {
      V(
        Float(p[y0 * stride + x0]), Float(p[y0 * stride + x1]), Float(p[y1 * stride + x0]), Float(p[y1 * stride + x1])
      )
    }
    for y0 in stride(from: rows.lowerBound, to: rows.upperBound, by: 2) {
      let y1 = min(y0 + 1, height - 1)
      for x0 in stride(from: 0, to: width, by: 2) {
        let x1 = min(x0 + 1, width - 1)
        let luma = (block(ys, yStride, x0, x1, y0, y1) - 4096) / 56064
        let pb = (block(us, uStride, x0, x1, y0, y1) - 32768) / 57344
        let pr = (block(vs, vStride, x0, x1, y0, y1) - 32768) / 57344
        let r = luma + 2 * (1 - kr) * pr
        let b = luma + 2 * (1 - kb) * pb
        let g = (luma - kr * r - kb * b) / (1 - kr - kb)
        let (sr, sg, sb) = sdr(r, g, b)
        let outY = okr * sr + (1 - okr - okb) * sg + okb * sb
        let y8 = rounded(minimum(maximum(16 + 219 * outY, V(repeating: 16)), V(repeating: 235)))
        yOut.row(y0)[x0] = UInt8(truncatingIfNeeded: y8[0])
        yOut.row(y0)[x1] = UInt8(truncatingIfNeeded: y8[1])
        yOut.row(y1)[x0] = UInt8(truncatingIfNeeded: y8[2])
        yOut.row(y1)[x1] = UInt8(truncatingIfNeeded: y8[3])
        let cb = ((sb - outY) / (2 * (1 - okb))).sum() / 4
        let cr = ((sr - outY) / (2 * (1 - okr))).sum() / 4
        uOut.row(y0 / 2)[x0 / 2] = UInt8(max(16, min(240, 128 + 224 * cb + 0.5)))
        vOut.row(y0 / 2)[x0 / 2] = UInt8(max(16, min(240, 128 + 224 * cr + 0.5)))
      }
    }
  }
}
