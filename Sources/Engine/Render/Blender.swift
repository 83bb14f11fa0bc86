/// Draws a picture 1:1 (already at its final size) onto another at a whole-pixel position, with an opacity:
/// the fast path for layers that are only scaled and moved. 4:2:0 planes; the chroma position is the luma
/// position halved.
enum Blender {
  /// Blends `source` into `target` with its top-left at (`x`, `y`) in target pixels.
  static func blend(_ source: Frame, into target: Frame, x: Int, y: Int, opacity: Double) {
    let alpha = Int((min(max(opacity, 0), 1) * 256).rounded())
    guard alpha > 0 else { return }
    if AlphaPicture.hasAlpha(source), let mask = PlaneView(source, plane: 3) {
      for plane in 0..<3 {
        guard let src = PlaneView(source, plane: plane), let dst = PlaneView(target, plane: plane) else { continue }
        let shift = plane == 0 ? 0 : 1
        blendOver(src, mask: mask, into: dst, x: x >> shift, y: y >> shift, chroma: plane > 0, opacity: alpha)
      }
      return
    }
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

  /// A premultiplied plane composited "over" with its alpha (`mask`, full size) times `opacity` (0...256):
  /// `out = D + o·((P − black) − A·(D − black))`. Chroma pixels take the mean alpha of the 2×2 luma pixels they
  /// cover. Pixels whose alpha is 0 are not touched.
  static func blendOver(
    _ src: PlaneView, mask: PlaneView, into dst: PlaneView, x: Int, y: Int, chroma: Bool, opacity: Int
  ) {
    let x0 = max(x, 0)
    let y0 = max(y, 0)
    let x1 = min(x + src.width, dst.width)
    let y1 = min(y + src.height, dst.height)
    guard x0 < x1, y0 < y1 else { return }
    let black: Int32 = chroma ? 128 : 16
    let o = Int32(opacity)
    let lastMaskX = mask.width - 1
    let lastMaskY = mask.height - 1
    for row in y0..<y1 {
      let sy = row - y
      let s = src.row(sy)
      let d = dst.row(row)
      let m0 = mask.row(chroma ? min(2 * sy, lastMaskY) : sy)
      let m1 = mask.row(chroma ? min(2 * sy + 1, lastMaskY) : sy)
      for column in x0..<x1 {
        let sx = column - x
        let a: Int32
        if chroma {
          let l = min(2 * sx, lastMaskX)
          let r = min(2 * sx + 1, lastMaskX)
          a = (Int32(m0[l]) + Int32(m0[r]) + Int32(m1[l]) + Int32(m1[r]) + 2) >> 2
        } else {
          a = Int32(m0[sx])
        }
        if a == 0 { continue }
        let old = Int32(d[column])
        // o·((P − black)·255 − A·(D − black)) / (256·255), rounded to nearest.
        let change = o * ((Int32(s[sx]) - black) * 255 - a * (old - black))
        let step = (change + (change < 0 ? -32_640 : 32_640)) / 65_280
        d[column] = UInt8(clamping: old + step)
      }
    }
  }
}
