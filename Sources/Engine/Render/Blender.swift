/// Draws a picture 1:1 (already at its final size) onto another at a whole-pixel position, with an opacity:
/// the fast path for layers that are only scaled and moved. 4:2:0 planes, 8-bit or (HDR) 10-bit, the source's
/// depth the target's; the chroma position is the luma position halved.
enum Blender {
  /// Blends `source` into `target` with its top-left at (`x`, `y`) in target pixels.
  static func blend(_ source: Frame, into target: Frame, x: Int, y: Int, opacity: Double) {
    if target.bitDepth > 8 {
      blend(source, into: target, x: x, y: y, opacity: opacity, samples: UInt16.self)
    } else {
      blend(source, into: target, x: x, y: y, opacity: opacity, samples: UInt8.self)
    }
  }

  private static func blend<S: PlaneSample>(
    _ source: Frame, into target: Frame, x: Int, y: Int, opacity: Double, samples: S.Type
  ) {
    let alpha = Int((min(max(opacity, 0), 1) * 256).rounded())
    guard alpha > 0 else { return }
    let mask = AlphaPicture.hasAlpha(source) ? Plane<S>(source, plane: 3) : nil
    for plane in 0..<3 {
      guard let src = Plane<S>(source, plane: plane), let dst = Plane<S>(target, plane: plane) else { continue }
      let shift = plane == 0 ? 0 : 1
      if let mask {
        blendOver(src, mask: mask, into: dst, x: x >> shift, y: y >> shift, chroma: plane > 0, opacity: alpha)
      } else {
        blend(src, into: dst, x: x >> shift, y: y >> shift, alpha: alpha)
      }
    }
  }

  /// `alpha` in 0...256 (256 copies).
  static func blend<S: PlaneSample>(_ src: Plane<S>, into dst: Plane<S>, x: Int, y: Int, alpha: Int) {
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
        d[i] = S(truncatingIfNeeded: o + (((Int32(s[i]) - o) &* a &+ 128) >> 8))
      }
    }
  }

  /// A premultiplied plane composited "over" with its alpha (`mask`, full size) times `opacity` (0...256):
  /// `out = D + o·((P − black) − A·(D − black))`. Chroma pixels take the mean alpha of the 2×2 luma pixels they
  /// cover. Pixels whose alpha is 0 are not touched.
  static func blendOver<S: PlaneSample>(
    _ src: Plane<S>, mask: Plane<S>, into dst: Plane<S>, x: Int, y: Int, chroma: Bool, opacity: Int
  ) {
    let x0 = max(x, 0)
    let y0 = max(y, 0)
    let x1 = min(x + src.width, dst.width)
    let y1 = min(y + src.height, dst.height)
    guard x0 < x1, y0 < y1 else { return }
    let black = dst.level(chroma ? 128 : 16)
    let opaque = mask.maximum
    let whole = 256 * opaque
    let half = whole / 2
    let top = dst.maximum
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
        let a: Int
        if chroma {
          let l = min(2 * sx, lastMaskX)
          let r = min(2 * sx + 1, lastMaskX)
          a = (Int(m0[l]) + Int(m0[r]) + Int(m1[l]) + Int(m1[r]) + 2) >> 2
        } else {
          a = Int(m0[sx])
        }
        if a == 0 { continue }
        let old = Int(d[column])
        // o·((P − black)·opaque − A·(D − black)) / (256·opaque), rounded to nearest.
        let change = opacity * ((Int(s[sx]) - black) * opaque - a * (old - black))
        let step = (change + (change < 0 ? -half : half)) / whole
        d[column] = S(truncatingIfNeeded: min(max(old + step, 0), top))
      }
    }
  }
}
