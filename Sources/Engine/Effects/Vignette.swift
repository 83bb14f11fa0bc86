/// Darkens toward the corners: every sample's distance from black (luma) or from grey (chroma) is scaled by
/// 1 − amount·d², where d is the distance from the centre over the half-diagonal (1 in the corners).
struct Vignette {
  let amount: Double

  func apply(_ source: Frame, into target: Frame) {
    if source.bitDepth > 8 {
      apply(source, into: target, samples: UInt16.self)
    } else {
      apply(source, into: target, samples: UInt8.self)
    }
    EffectFrames.copyAlpha(source, into: target)
  }

  private func apply<S: PlaneSample>(_ source: Frame, into target: Frame, samples: S.Type) {
    for plane in 0..<3 {
      guard let src = Plane<S>(source, plane: plane), let dst = Plane<S>(target, plane: plane) else { continue }
      let black = Int64(src.level(plane == 0 ? 16 : 128))
      let top = Int64(src.maximum)
      let (cx, cy) = (Double(src.width) / 2, Double(src.height) / 2)
      let norm = amount / max(cx * cx + cy * cy, 1)
      // Weights in 1/65536: the row's share and each column's, subtracted from one.
      let columns = (0..<src.width).map { x -> Int64 in
        let dx = Double(x) + 0.5 - cx
        return Int64((dx * dx * norm * 65536).rounded())
      }
      columns.withUnsafeBufferPointer { c in
        for y in 0..<src.height {
          let dy = Double(y) + 0.5 - cy
          let base = 65536 - Int64((dy * dy * norm * 65536).rounded())
          let s = src.row(y)
          let d = dst.row(y)
          for x in 0..<src.width {
            let weight = base &- c[x]
            let offset = Int64(s[x]) &- black
            d[x] = S(truncatingIfNeeded: min(max(black + ((offset * weight + 32768) >> 16), 0), top))
          }
        }
      }
    }
  }
}
