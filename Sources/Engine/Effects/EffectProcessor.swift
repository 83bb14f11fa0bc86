import Composition
import Foundation

/// Applies a layer's effects to its picture, frame by frame, in the order the layer lists them. Colour effects in
/// a row fold into one table pass; a `.cube` table is looked up in Y'CbCr (`CubeTables`); blurs, sharpening and
/// vignettes run on the picture's planes. The result is kept per track while the picture and the amounts stay the
/// same (a still, a held frame), so it is not worked out twice.
final class EffectProcessor {
  private let matrix: ColorMatrix
  private let tables: CubeTables
  /// The folded colour tables of the last run of colour effects (a constant run is folded once).
  private var colour: (run: [Effect.Kind], amounts: [Double], tables: ColorTables)?
  /// Per track: the two pictures the passes write in turn, and the key of the last result.
  private var buffers: [TrackID: (key: Int, result: Frame?, frames: [Frame?])] = [:]
  private var scratch: [UInt8] = []

  init(tables: CubeTables, matrix: ColorMatrix) {
    self.matrix = matrix
    self.tables = tables
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
        colourTables(active[index..<end].map { ($0.0.kind, $0.1) }).apply(current, into: target)
      } else {
        switch effect.kind {
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
  private func colourTables(_ run: [(Effect.Kind, Double)]) -> ColorTables {
    let (kinds, amounts) = (run.map(\.0), run.map(\.1))
    if let colour, colour.run == kinds, colour.amounts == amounts { return colour.tables }
    let folded = ColorTables(run, matrix: matrix)
    colour = (kinds, amounts, folded)
    return folded
  }

  /// Every plane blurred; chroma (half size) by half the reach; alpha too, so edges soften with the picture.
  private func blur(_ source: Frame, into target: Frame, reach: Double) {
    for plane in 0..<4 {
      guard let src = PlaneView(source, plane: plane), let dst = PlaneView(target, plane: plane) else { continue }
      let r = Int(min(plane == 1 || plane == 2 ? reach / 2 : reach, 4096).rounded())
      BoxBlur(reach: r).apply(src, into: dst, scratch: &scratch)
    }
  }

  /// Luma plus `amount` times its difference from a 3×3 box blur of itself; chroma and alpha copied.
  private func sharpen(_ source: Frame, into target: Frame, amount: Double) {
    guard let src = PlaneView(source, plane: 0), let dst = PlaneView(target, plane: 0) else { return }
    BoxBlur(reach: 1).apply(src, into: dst, scratch: &scratch)
    let gain = Int32((amount * 256).rounded())
    for y in 0..<src.height {
      let s = src.row(y)
      let d = dst.row(y)
      for x in 0..<src.width {
        let detail = Int32(s[x]) &- Int32(d[x])
        d[x] = UInt8(clamping: Int32(s[x]) &+ ((detail &* gain &+ 128) >> 8))
      }
    }
    for plane in 1..<4 {
      guard let from = PlaneView(source, plane: plane), let to = PlaneView(target, plane: plane) else { continue }
      for y in 0..<from.height { to.row(y).update(from: from.row(y), count: from.width) }
    }
  }
}
