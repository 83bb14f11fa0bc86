/// Draws a picture 1:1 (already at its final size) onto another at a whole-pixel position, with an opacity:
/// the fast path for layers that are only scaled and moved. 4:2:0 planes; the chroma position is the luma
/// position halved.
enum Blender {
  /// Blends `source` into `target` with its top-left at (`x`, `y`) in target pixels.
  static func blend(_ source: Frame, into target: Frame, x: Int, y: Int, opacity: Double) {
    let alpha = Int((min(max(opacity, 0), 1) * 256).rounded())
    guard alpha > 0 else { return }
    for plane in 0..<3 {
      guard let src = PlaneView(source, plane: plane), let dst = PlaneView(target, plane: plane) else { continue }
      let shift = plane == 0 ? 0 : 1
      blend(src, into: dst, x: x >> shift, y: y >> shift, alpha: alpha)
    }
  }

  /// `alpha` in 0...256 (256 copies).
  static func blend(_ src: PlaneView, into dst: PlaneView, x: Int, y: Int, alpha: Int) {
    let x0 = max(x, 0)
    let y0 = max(y, 0)
    let x1 = min(x + src.width, dst.width)
    let y1 = min(y + src.height, dst.height)
    guard x0 < x1, y0 < y1 else { return }
    let count = x1 - x0
    for row in y0..<y1 {
      let s = src.row(row - y) + (x0 - x)
      let d = dst.row(row) + x0
      if alpha >= 256 {
        d.update(from: s, count: count)
        continue
      }
      let a = Int32(alpha)
      for i in 0..<count {
        let o = Int32(d[i])
        d[i] = UInt8(truncatingIfNeeded: o + (((Int32(s[i]) - o) &* a &+ 128) >> 8))
      }
    }
  }
}
