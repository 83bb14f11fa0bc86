/// Darkens toward the corners: every sample's distance from black (luma) or from grey (chroma) is scaled by
/// 1 − amount·d², where d is the distance from the centre over the half-diagonal (1 in the corners).
struct Vignette {
  let amount: Double

  func apply(_ source: Frame, into target: Frame) {
    for plane in 0..<3 {
      guard let src = PlaneView(source, plane: plane), let dst = PlaneView(target, plane: plane) else { continue }
      let black: Int32 = plane == 0 ? 16 : 128
      let (cx, cy) = (Double(src.width) / 2, Double(src.height) / 2)
      let norm = amount / max(cx * cx + cy * cy, 1)
      // Weights in 1/65536: the row's share and each column's, subtracted from one.
      let columns = (0..<src.width).map { x -> Int32 in
        let dx = Double(x) + 0.5 - cx
        return Int32((dx * dx * norm * 65536).rounded())
      }
      columns.withUnsafeBufferPointer { c in
        for y in 0..<src.height {
          let dy = Double(y) + 0.5 - cy
          let base = Int32(65536) - Int32((dy * dy * norm * 65536).rounded())
          let s = src.row(y)
          let d = dst.row(y)
          for x in 0..<src.width {
            let weight = Int64(base &- c[x])
            let offset = Int64(Int32(s[x]) &- black)
            d[x] = UInt8(clamping: Int64(black) + ((offset * weight + 32768) >> 16))
          }
        }
      }
    }
    EffectFrames.copyAlpha(source, into: target)
  }
}
