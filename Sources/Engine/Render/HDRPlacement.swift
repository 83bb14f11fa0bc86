internal import CFFmpeg
import Composition
import Dispatch

/// Places SDR pictures (clips, stills, text, colour cards) into an HDR output, as ITU-R BT.2408 does in display
/// light: the SDR signal is decoded to the light an SDR display shows (BT.1886), SDR white becomes HDR reference
/// white (203 cd/m²), BT.709 colours become BT.2020 ones (BT.2087, no colour changes), and the light is encoded
/// in PQ, or in HLG through the inverse of its OOTF for a 1000 cd/m² display (SDR white lands at 75 % HLG, 58 %
/// PQ). The inverse of `ToneMapper`'s mapping, which brings HDR reference white back to SDR white.
struct HDRPlacement {
  /// The SDR pictures' primaries: BT.709 (almost every SDR picture), or BT.2020 (kept as they are).
  enum Gamut { case bt709, bt2020 }

  let transfer: ToneMapper.Transfer
  /// Kr and Kb of the SDR pictures' matrix.
  let source: (kr: Double, kb: Double)
  var gamut = Gamut.bt709

  /// Linear BT.709 RGB → linear BT.2020 RGB (ITU-R BT.2087).
  static let bt709ToBT2020: [Float] = [
    0.6274, 0.3293, 0.0433,
    0.0691, 0.9195, 0.0114,
    0.0164, 0.0880, 0.8956,
  ]

  /// The tables of `TransferCurves` this mapping reads, borrowed for one picture: read-only views of immutable
  /// tables, valid while `convert` runs, so its bands may share them.
  struct Tables: @unchecked Sendable {
    var light, pq, hlg, gain: UnsafeBufferPointer<Float>
    /// `bt709ToBT2020`, or none for BT.2020 pictures.
    var matrix: (Float, Float, Float, Float, Float, Float, Float, Float, Float)?
  }

  /// The planes of one picture, each band writing its own rows only.
  private struct Planes: @unchecked Sendable {
    var y, u, v: Plane<UInt16>
  }

  /// An sRGB colour placed into HDR, as 10-bit limited-range BT.2020 Y'CbCr.
  func yuv10(red: UInt8, green: UInt8, blue: UInt8) -> (y: UInt16, u: UInt16, v: UInt16) {
    let (r, g, b) = withTables {
      signal(V(repeating: Float(red) / 255), V(repeating: Float(green) / 255), V(repeating: Float(blue) / 255), $0)
    }
    let (y, cb, cr) = Self.bt2020YCbCr(r, g, b)
    func level(_ v: V) -> UInt16 { UInt16(max(0, min(1023, (v[0] * 4).rounded()))) }
    return (level(16 + 219 * y), level(128 + 224 * cb), level(128 + 224 * cr))
  }

  /// Converts a 16-bit limited-range `yuv444p16` or `yuva444p16` SDR picture into HDR in place: the colour planes
  /// are then BT.2020 Y'CbCr in the HDR transfer, the alpha plane as it was. The frame is tagged so.
  func convert(_ wide: Frame) {
    guard let y = Plane<UInt16>(wide, plane: 0), let u = Plane<UInt16>(wide, plane: 1, fullChroma: true),
      let v = Plane<UInt16>(wide, plane: 2, fullChroma: true)
    else { return }
    let planes = Planes(y: y, u: u, v: v)
    withTables { tables in
      // Two bands of rows at once, as the tone mapper does.
      let (split, height) = (y.height / 2, y.height)
      DispatchQueue.concurrentPerform(iterations: 2) { band in
        convert(planes, rows: band == 0 ? 0..<split : split..<height, tables)
      }
    }
    wide.pointer.pointee.colorspace = AVCOL_SPC_BT2020_NCL
    wide.pointer.pointee.color_primaries = AVCOL_PRI_BT2020
    wide.pointer.pointee.color_trc = transfer == .hlg ? AVCOL_TRC_ARIB_STD_B67 : AVCOL_TRC_SMPTE2084
  }

  /// Four pixels of a row at a time, as the lanes of SIMD vectors (a row's last pixels repeat to fill the last
  /// four): the table lookups of four pixels overlap where one pixel at a time waits on each in turn.
  private func convert(_ planes: Planes, rows: Range<Int>, _ tables: Tables) {
    let kr = Float(source.kr)
    let kb = Float(source.kb)
    let width = planes.y.width
    for row in rows {
      let (py, pu, pv) = (planes.y.row(row), planes.u.row(row), planes.v.row(row))
      for x in stride(from: 0, to: width, by: 4) {
        let lanes = (x, min(x + 1, width - 1), min(x + 2, width - 1), min(x + 3, width - 1))
        func load(_ p: UnsafeMutablePointer<UInt16>) -> V {
          V(Float(p[lanes.0]), Float(p[lanes.1]), Float(p[lanes.2]), Float(p[lanes.3]))
        }
        let luma = (load(py) - 4096) / 56064
        let pb = (load(pu) - 32768) / 57344
        let pr = (load(pv) - 32768) / 57344
        let r = luma + 2 * (1 - kr) * pr
        let b = luma + 2 * (1 - kb) * pb
        let g = (luma - kr * r - kb * b) / (1 - kr - kb)
        let (hr, hg, hb) = signal(r, g, b, tables)
        let (oy, ocb, ocr) = Self.bt2020YCbCr(hr, hg, hb)
        let outY = Self.sample(4096 + 56064 * oy)
        let outU = Self.sample(32768 + 57344 * ocb)
        let outV = Self.sample(32768 + 57344 * ocr)
        for lane in 0..<min(4, width - x) {
          py[x + lane] = outY[lane]
          pu[x + lane] = outU[lane]
          pv[x + lane] = outV[lane]
        }
      }
    }
  }

  typealias V = SIMD4<Float>

  /// SDR R'G'B' (0...1) → HDR R'G'B' (0...1) in BT.2020, four pixels at once.
  @inline(__always)
  private func signal(_ r: V, _ g: V, _ b: V, _ t: Tables) -> (V, V, V) {
    let signalSteps = TransferCurves.signalSteps
    let (lr, lg, lb) = (
      Self.lookup(t.light, r, signalSteps), Self.lookup(t.light, g, signalSteps), Self.lookup(t.light, b, signalSteps)
    )
    var (wr, wg, wb) = (lr, lg, lb)
    if let m = t.matrix {
      wr = m.0 * lr + m.1 * lg + m.2 * lb
      wg = m.3 * lr + m.4 * lg + m.5 * lb
      wb = m.6 * lr + m.7 * lg + m.8 * lb
    }
    let steps = TransferCurves.lightSteps
    switch transfer {
    case .pq:
      return (
        Self.lookup(t.pq, Self.root(wr), steps), Self.lookup(t.pq, Self.root(wg), steps),
        Self.lookup(t.pq, Self.root(wb), steps)
      )
    case .hlg:
      // Display light relative to the HLG display's peak, then scene light through the inverse OOTF.
      let white = Float(TransferCurves.referenceWhite / TransferCurves.hlgPeak)
      let (fr, fg, fb) = (wr * white, wg * white, wb * white)
      let luminance = 0.2627 * fr + 0.6780 * fg + 0.0593 * fb
      let gain = Self.lookup(t.gain, Self.root(luminance), steps)
      return (
        Self.lookup(t.hlg, Self.root(fr * gain), steps), Self.lookup(t.hlg, Self.root(fg * gain), steps),
        Self.lookup(t.hlg, Self.root(fb * gain), steps)
      )
    }
  }

  /// √v, 0 for negative lanes.
  @inline(__always)
  private static func root(_ v: V) -> V { v.replacing(with: 0, where: .!(v .>= 0)).squareRoot() }

  /// 16-bit samples, rounded and clamped.
  @inline(__always)
  private static func sample(_ v: V) -> SIMD4<UInt16> {
    SIMD4<UInt16>(
      truncatingIfNeeded: rounded(v.replacing(with: 0, where: .!(v .>= 0)).replacing(with: 65535, where: v .> 65535)))
  }

  /// Rounds lanes in 0..<2²³ to integers without a checked conversion (the standard library's is generic and
  /// slow): adding 2²³ leaves the rounded value in the low mantissa bits.
  @inline(__always)
  private static func rounded(_ v: V) -> SIMD4<UInt32> {
    unsafeBitCast(v + 8_388_608, to: SIMD4<UInt32>.self) & 0x7F_FFFF
  }

  private func withTables<T>(_ body: (Tables) -> T) -> T {
    let m = Self.bt709ToBT2020
    let matrix = gamut == .bt709 ? (m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8]) : nil
    return TransferCurves.sdrLight.withUnsafeBufferPointer { light in
      TransferCurves.pqSignal.withUnsafeBufferPointer { pq in
        TransferCurves.hlgSignal.withUnsafeBufferPointer { hlg in
          TransferCurves.hlgSceneGain.withUnsafeBufferPointer { gain in
            body(Tables(light: light, pq: pq, hlg: hlg, gain: gain, matrix: matrix))
          }
        }
      }
    }
  }

  /// R'G'B' (0...1) → BT.2020 (non-constant luminance) Y' in 0...1 and Cb, Cr in −0.5...0.5.
  static func bt2020YCbCr(_ r: V, _ g: V, _ b: V) -> (V, V, V) {
    let (kr, kb): (Float, Float) = (0.2627, 0.0593)
    let y = kr * r + (1 - kr - kb) * g + kb * b
    return (y, (b - y) / (2 * (1 - kb)), (r - y) / (2 * (1 - kr)))
  }

  /// `table` at each lane of `x` (clamped to 0...1; NaN reads entry 0) · `steps`, rounded to the nearest entry
  /// (signal tables have 4096 entries, light tables 65 536 over √light: within a 10-bit level).
  @inline(__always)
  static func lookup(_ table: UnsafeBufferPointer<Float>, _ x: V, _ steps: Float) -> V {
    let low = x.replacing(with: 0, where: .!(x .>= 0))
    let i = rounded(low.replacing(with: 1, where: low .> 1) * steps)
    return V(table[Int(i[0])], table[Int(i[1])], table[Int(i[2])], table[Int(i[3])])
  }
}
