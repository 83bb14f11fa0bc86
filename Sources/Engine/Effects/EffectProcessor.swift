import Composition
import Foundation

/// Applies a layer's effects to its picture, frame by frame, in the order the layer lists them. Colour effects in
/// a row fold into one table pass; a `.cube` table is looked up in Y'CbCr (`CubeTables`); blurs, sharpening and
/// vignettes run on the picture's planes. The result is kept per track while the picture and the amounts stay the
/// same (a still, a held frame), so it is not worked out twice.
final class EffectProcessor {
  private let matrix: ColorMatrix
  private let tables: CubeTables
  /// Pictures are 10-bit in this HDR transfer (else 8-bit SDR).
  private let hdr: ToneMapper.Transfer?
  /// The folded colour tables of the last run of colour effects (a constant run is folded once).
  private var colour: (run: [Effect.Kind], amounts: [Double], depth: Int, tables: ColorTables)?
  /// Per track: the two pictures the passes write in turn, and the key of the last result.
  private var buffers: [TrackID: (key: Int, result: Frame?, frames: [Frame?])] = [:]
  private var scratch: [UInt8] = []
  private var wideScratch: (from: [Int32], to: [Int32]) = ([], [])

  /// `hdr`: pictures are 10-bit BT.2020 in that transfer (an HDR render), the sepia tint placed into it.
  init(tables: CubeTables, matrix: ColorMatrix, hdr: ToneMapper.Transfer? = nil) {
    self.matrix = matrix
    self.tables = tables
    self.hdr = hdr
  }

  /// `picture` with `effects` as they are at `time`; `scale` is how many render pixels a picture pixel spans
  /// (so a blur's reach, in render pixels, becomes the picture's). Returns the picture and a serial for caches
  /// that changes whenever the result does. With `final` (a frame of the picture's size and format that the result
  /// would be copied into whole), the last effect writes there and the result is `final` itself, not kept.
  func apply(
    _ effects: [Effect], at time: MediaTime, to picture: Frame, scale: Double, track: TrackID, serial: Int,
    into final: Frame? = nil
  ) throws(FFmpegError) -> (picture: Frame, serial: Int) {
    let active = effects.map { ($0, $0.amount.value(at: time)) }.filter { $0.1 != $0.0.kind.neutralAmount }
    guard !active.isEmpty else { return (picture, serial) }
    var hasher = Hasher()
    hasher.combine(serial)
    hasher.combine(scale)
    for (effect, amount) in active {
      hasher.combine(effect)
      hasher.combine(amount)
    }
    let key = hasher.finalize()
    var slot = buffers[track] ?? (key: 0, result: nil, frames: [nil, nil])
    if slot.key == key, let result = slot.result { return (result, key) }
    slot.result = nil
    var current = picture
    var turn = 0
    var index = 0
    while index < active.count {
      let (effect, amount) = active[index]
      // A run of colour effects is one step, folded into one table.
      var end = index + 1
      if ColorTables.folds(effect.kind) {
        while end < active.count, ColorTables.folds(active[end].0.kind) { end += 1 }
      }
      let target: Frame
      if end == active.count, let final {
        target = final
      } else {
        target = try EffectFrames.reuse(slot.frames[turn], like: picture)
        slot.frames[turn] = target
      }
      if ColorTables.folds(effect.kind) {
        colourTables(active[index..<end].map { ($0.0.kind, $0.1) }, depth: current.bitDepth).apply(
          current, into: target)
      } else {
        switch effect.kind {
        case .lut where current.bitDepth > 8:
          tables.wideLookup(effect.file ?? "", matrix: .bt2020)?.apply(current, into: target, amount: amount)
        case .lut: tables.lookup(effect.file ?? "", matrix: matrix)?.apply(current, into: target, amount: amount)
        case .blur: blur(current, into: target, reach: amount / max(scale, 1e-6))
        case .sharpen: sharpen(current, into: target, amount: amount)
        case .vignette: Vignette(amount: amount).apply(current, into: target)
        default: break
        }
      }
      index = end
      current = target
      turn = 1 - turn
    }
    slot.key = key
    slot.result = final == nil ? current : nil
    buffers[track] = slot
    return (current, key)
  }

  /// Forgets the pictures of tracks not in `active`.
  func retain(tracks active: Set<TrackID>) {
    for track in buffers.keys where !active.contains(track) { buffers[track] = nil }
  }

  /// The tables for a run of colour effects, folded again only when the run or its amounts change.
  private func colourTables(_ run: [(Effect.Kind, Double)], depth: Int) -> ColorTables {
    let (kinds, amounts) = (run.map(\.0), run.map(\.1))
    if let colour, colour.run == kinds, colour.amounts == amounts, colour.depth == depth { return colour.tables }
    let sepia: (u: Int, v: Int)
    if let hdr, depth > 8 {
      let placed = HDRPlacement(transfer: hdr, source: ColorMatrix.bt709.coefficients).yuv10(
        red: 112, green: 66, blue: 20)
      sepia = (Int(placed.u) << (depth - 10), Int(placed.v) << (depth - 10))
    } else {
      let tint = matrix.yuv(red: 112, green: 66, blue: 20)
      sepia = (Int(tint.u) << (depth - 8), Int(tint.v) << (depth - 8))
    }
    let folded = ColorTables(run, depth: depth, sepia: sepia)
    colour = (kinds, amounts, depth, folded)
    return folded
  }

  /// Every plane blurred; chroma (half size) by half the reach; alpha too, so edges soften with the picture.
  private func blur(_ source: Frame, into target: Frame, reach: Double) {
    for plane in 0..<4 {
      let r = Int(min(plane == 1 || plane == 2 ? reach / 2 : reach, 4096).rounded())
      if let src = Plane<UInt16>(source, plane: plane), let dst = Plane<UInt16>(target, plane: plane) {
        BoxBlur(reach: r).apply(src, into: dst, scratch: &wideScratch)
      } else if let src = PlaneView(source, plane: plane), let dst = PlaneView(target, plane: plane) {
        BoxBlur(reach: r).apply(src, into: dst, scratch: &scratch)
      }
    }
  }

  /// Luma plus `amount` times its difference from a 3×3 box blur of itself; chroma and alpha copied.
  private func sharpen(_ source: Frame, into target: Frame, amount: Double) {
    if let src = Plane<UInt16>(source, plane: 0), let dst = Plane<UInt16>(target, plane: 0) {
      BoxBlur(reach: 1).apply(src, into: dst, scratch: &wideScratch)
      Self.sharpen(src, blurred: dst, amount: amount)
    } else if let src = PlaneView(source, plane: 0), let dst = PlaneView(target, plane: 0) {
      BoxBlur(reach: 1).apply(src, into: dst, scratch: &scratch)
      Self.sharpen(src, blurred: dst, amount: amount)
    }
    let bytes = source.bitDepth > 8 ? 2 : 1
    for plane in 1..<4 {
      guard let from = source.data(plane), let to = target.data(plane) else { continue }
      let (width, height) =
        plane == 3 ? (source.width, source.height) : ((source.width + 1) / 2, (source.height + 1) / 2)
      for y in 0..<height {
        (to + y * target.linesize(plane)).update(from: from + y * source.linesize(plane), count: width * bytes)
      }
    }
  }

  /// `blurred` becomes `source` plus `amount` times its difference from `blurred`.
  private static func sharpen<S: PlaneSample>(_ source: Plane<S>, blurred: Plane<S>, amount: Double) {
    let gain = Int((amount * 256).rounded())
    let top = source.maximum
    for y in 0..<source.height {
      let s = source.row(y)
      let d = blurred.row(y)
      for x in 0..<source.width {
        let detail = Int(s[x]) &- Int(d[x])
        d[x] = S(truncatingIfNeeded: min(max(Int(s[x]) &+ ((detail &* gain &+ 128) >> 8), 0), top))
      }
    }
  }
}
