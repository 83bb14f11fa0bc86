import Composition

/// Draws a picture through any affine transform (rotation, shear, flips, fractional positions) with bilinear
/// sampling and antialiased edges, blending with an opacity. Works per 4:2:0 plane, 8-bit or (HDR) 10-bit, the
/// source's depth the target's; each output row is clipped to the exact span the transformed picture covers, so
/// the inner loop only touches covered pixels.
enum AffineBlitter {
  /// Draws `source` into `target`; `transform` maps source pixels to target pixels.
  static func draw(_ source: Frame, transform: AffineTransform2D, opacity: Double, into target: Frame) {
    if target.bitDepth > 8 {
      draw(source, transform: transform, opacity: opacity, into: target, samples: UInt16.self)
    } else {
      draw(source, transform: transform, opacity: opacity, into: target, samples: UInt8.self)
    }
  }

  private static func draw<S: PlaneSample>(
    _ source: Frame, transform: AffineTransform2D, opacity: Double, into target: Frame, samples: S.Type
  ) {
    guard opacity > 0, let inverse = transform.inverted() else { return }
    let box = transform.boundingBox(width: Double(source.width), height: Double(source.height))
    let geometry = Geometry(
      inverse: inverse, sourceWidth: Double(source.width), sourceHeight: Double(source.height),
      scaleU: (transform.a * transform.a + transform.b * transform.b).squareRoot(),
      scaleV: (transform.c * transform.c + transform.d * transform.d).squareRoot(), opacity: min(opacity, 1))
    let mask = AlphaPicture.hasAlpha(source) ? Plane<S>(source, plane: 3) : nil
    for plane in 0..<3 {
      guard let src = Plane<S>(source, plane: plane), let dst = Plane<S>(target, plane: plane) else { continue }
      drawPlane(
        src, into: dst, subsampling: plane == 0 ? 1 : 2, box: box, geometry: geometry,
        mask: mask.map { ($0, Double(dst.level(plane == 0 ? 16 : 128))) })
    }
  }

  struct Geometry {
    let inverse: AffineTransform2D
    let sourceWidth, sourceHeight: Double
    /// Target pixels per source pixel along the source's x and y axes (for edge antialiasing).
    let scaleU, scaleV: Double
    let opacity: Double
  }

  private static func drawPlane<S: PlaneSample>(
    _ src: Plane<S>, into dst: Plane<S>, subsampling sub: Int, box: Rect, geometry g: Geometry,
    mask: (alpha: Plane<S>, black: Double)?
  ) {
    let s = Double(sub)
    let rowStart = max(0, Int((box.y / s).rounded(.down)) - 1)
    let rowEnd = min(dst.height, Int(((box.y + box.height) / s).rounded(.up)) + 1)
    guard rowStart < rowEnd else { return }
    let inv = g.inverse
    // Source coordinates move by (du, dv) per target pixel of this plane.
    let du = inv.a * s
    let dv = inv.b * s
    // Coverage is positive while u is within half a target pixel outside the picture's edge.
    let marginU = 0.5 / max(g.scaleU, 1e-9)
    let marginV = 0.5 / max(g.scaleV, 1e-9)
    for row in rowStart..<rowEnd {
      let ly = (Double(row) + 0.5) * s
      let u0 = inv.a * 0.5 * s + inv.c * ly + inv.tx
      let v0 = inv.b * 0.5 * s + inv.d * ly + inv.ty
      var span = 0.0...Double(dst.width - 1)
      guard
        let spanU = clip(span, start: u0, step: du, low: -marginU, high: g.sourceWidth + marginU),
        let spanUV = clip(spanU, start: v0, step: dv, low: -marginV, high: g.sourceHeight + marginV)
      else { continue }
      span = spanUV
      let first = max(0, Int(span.lowerBound.rounded(.up)))
      let last = min(dst.width - 1, Int(span.upperBound.rounded(.down)))
      guard first <= last else { continue }
      let out = dst.row(row)
      if let mask {
        // A picture with alpha: every pixel through the floating-point path, composited over.
        for x in first...last {
          drawOver(x, u0: u0, v0: v0, du: du, dv: dv, src, mask.alpha, black: mask.black, out, s, g)
        }
        continue
      }
      // Where both coverages are whole, the pixel is inside the picture: integer bilinear sampling, one alpha.
      var inner: ClosedRange<Int>?
      if let innerU = clip(span, start: u0, step: du, low: marginU, high: g.sourceWidth - marginU),
        let innerUV = clip(innerU, start: v0, step: dv, low: marginV, high: g.sourceHeight - marginV)
      {
        let lo = max(first, Int(innerUV.lowerBound.rounded(.up)))
        let hi = min(last, Int(innerUV.upperBound.rounded(.down)))
        if lo <= hi { inner = lo...hi }
      }
      guard let inner else {
        for x in first...last { drawEdge(x, u0: u0, v0: v0, du: du, dv: dv, src, out, s, g) }
        continue
      }
      for x in first..<inner.lowerBound { drawEdge(x, u0: u0, v0: v0, du: du, dv: dv, src, out, s, g) }
      drawInner(inner, u0: u0, v0: v0, du: du, dv: dv, src, out, s, g)
      if inner.upperBound < last {
        for x in (inner.upperBound + 1)...last { drawEdge(x, u0: u0, v0: v0, du: du, dv: dv, src, out, s, g) }
      }
    }
  }

  /// One pixel near the picture's edge: partial coverage, floating point.
  @inline(__always)
  private static func drawEdge<S: PlaneSample>(
    _ x: Int, u0: Double, v0: Double, du: Double, dv: Double, _ src: Plane<S>, _ out: UnsafeMutablePointer<S>,
    _ s: Double, _ g: Geometry
  ) {
    let u = u0 + Double(x) * du
    let v = v0 + Double(x) * dv
    let alpha = coverage(u, v, g)
    guard alpha > 0 else { return }
    let value = sample(src, u / s - 0.5, v / s - 0.5)
    let old = Double(out[x])
    out[x] = S(min(max(old + (value - old) * alpha, 0), Double(src.maximum)) + 0.5)
  }

  /// One pixel of a premultiplied picture with alpha: its colour and alpha sampled bilinearly at the same place
  /// (alpha from the full-size plane, at luma positions), composited "over" with the edge coverage and opacity:
  /// `out = D + c·((P − black) − A·(D − black))`. Nothing is drawn where alpha is 0.
  @inline(__always)
  private static func drawOver<S: PlaneSample>(
    _ x: Int, u0: Double, v0: Double, du: Double, dv: Double, _ src: Plane<S>, _ mask: Plane<S>,
    black: Double, _ out: UnsafeMutablePointer<S>, _ s: Double, _ g: Geometry
  ) {
    let u = u0 + Double(x) * du
    let v = v0 + Double(x) * dv
    let cover = coverage(u, v, g)
    guard cover > 0 else { return }
    let a = sample(mask, u - 0.5, v - 0.5) / Double(mask.maximum)
    guard a > 0 else { return }
    let value = sample(src, u / s - 0.5, v / s - 0.5)
    let old = Double(out[x])
    out[x] = S(min(max(old + cover * ((value - black) - a * (old - black)), 0), Double(src.maximum)) + 0.5)
  }

  /// How much of a target pixel at source position (`u`, `v`) the picture covers, times the opacity: 1 inside,
  /// falling to 0 across half a target pixel outside each edge (the antialiased edge).
  @inline(__always)
  private static func coverage(_ u: Double, _ v: Double, _ g: Geometry) -> Double {
    let coverU = min(max(min(u, g.sourceWidth - u) * g.scaleU + 0.5, 0), 1)
    let coverV = min(max(min(v, g.sourceHeight - v) * g.scaleV + 0.5, 0), 1)
    return coverU * coverV * g.opacity
  }

  /// Bilinear sample of `plane` at plane coordinates (pixel centres on integers), clamped to the plane.
  @inline(__always)
  private static func sample<S: PlaneSample>(_ plane: Plane<S>, _ x: Double, _ y: Double) -> Double {
    let px = min(max(x, 0), Double(plane.width - 1))
    let py = min(max(y, 0), Double(plane.height - 1))
    let x0 = Int(px)
    let y0 = Int(py)
    let fx = px - Double(x0)
    let fy = py - Double(y0)
    let x1 = min(x0 + 1, plane.width - 1)
    let r0 = plane.row(y0)
    let r1 = plane.row(min(y0 + 1, plane.height - 1))
    let top = Double(r0[x0]) + (Double(r0[x1]) - Double(r0[x0])) * fx
    let bottom = Double(r1[x0]) + (Double(r1[x1]) - Double(r1[x0])) * fx
    return top + (bottom - top) * fy
  }

  /// The pixels of `span`, all fully inside the picture: 16.16 fixed-point positions, 12-bit bilinear weights
  /// and an 8-bit opacity, in integers only (64-bit: a 10-bit sample times both weights and the opacity fits).
  @inline(__always)
  private static func drawInner<S: PlaneSample>(
    _ span: ClosedRange<Int>, u0: Double, v0: Double, du: Double, dv: Double, _ src: Plane<S>,
    _ out: UnsafeMutablePointer<S>, _ s: Double, _ g: Geometry
  ) {
    let one = 65536.0
    var pu = Int(((u0 + Double(span.lowerBound) * du) / s - 0.5) * one)
    var pv = Int(((v0 + Double(span.lowerBound) * dv) / s - 0.5) * one)
    let stepU = Int((du / s * one).rounded())
    let stepV = Int((dv / s * one).rounded())
    let maxU = (src.width - 1) << 16
    let maxV = (src.height - 1) << 16
    let lastX = src.width - 1
    let lastY = src.height - 1
    let alpha = Int((g.opacity * 256).rounded())
    let keep = (256 - alpha) << 24
    for x in span {
      let cu = min(max(pu, 0), maxU)
      let cv = min(max(pv, 0), maxV)
      pu &+= stepU
      pv &+= stepV
      let x0 = cu >> 16
      let y0 = cv >> 16
      let fx = (cu >> 4) & 0xFFF
      let fy = (cv >> 4) & 0xFFF
      let x1 = min(x0 + 1, lastX)
      let r0 = src.row(y0)
      let r1 = src.row(min(y0 + 1, lastY))
      let top = Int(r0[x0]) &* (4096 - fx) &+ Int(r0[x1]) &* fx
      let bottom = Int(r1[x0]) &* (4096 - fx) &+ Int(r1[x1]) &* fx
      let value = top &* (4096 - fy) &+ bottom &* fy
      out[x] = S(truncatingIfNeeded: (Int(out[x]) &* keep &+ value &* alpha &+ (1 << 31)) >> 32)
    }
  }

  /// Narrows `span` (target x) to where `start + x·step` lies strictly between `low` and `high`; nil if empty.
  private static func clip(
    _ span: ClosedRange<Double>, start: Double, step: Double, low: Double, high: Double
  ) -> ClosedRange<Double>? {
    if abs(step) < 1e-12 {
      return start > low && start < high ? span : nil
    }
    let a = (low - start) / step
    let b = (high - start) / step
    let lo = max(span.lowerBound, min(a, b))
    let hi = min(span.upperBound, max(a, b))
    return lo <= hi ? lo...hi : nil
  }
}
