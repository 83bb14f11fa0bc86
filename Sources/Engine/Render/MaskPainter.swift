import Composition

/// Keeps a layer inside its mask: the frame is saved before the layer is drawn, and afterwards every pixel
/// outside the mask gets its saved value back, pixels on the (soft) edge a mix of both. Works per 4:2:0 plane;
/// each row is split into the spans fully outside (copied back), fully inside (left) and on the edge (mixed), so
/// only edge pixels cost more than a copy.
final class MaskPainter {
  /// The saved planes, each `width`×`height` samples packed, as bytes.
  private var saved: [[UInt8]] = [[], [], []]

  /// Saves `frame`'s planes before a masked layer is drawn into it.
  func save(_ frame: Frame) {
    if frame.bitDepth > 8 { save(frame, samples: UInt16.self) } else { save(frame, samples: UInt8.self) }
  }

  /// Puts back the saved pixels outside `mask` (render pixels) and mixes them in across its edge.
  func restoreOutside(_ mask: LayerMask.Shape, rect: Rect, feather: Double, in frame: Frame) {
    if frame.bitDepth > 8 {
      restoreOutside(mask, rect: rect, feather: feather, in: frame, samples: UInt16.self)
    } else {
      restoreOutside(mask, rect: rect, feather: feather, in: frame, samples: UInt8.self)
    }
  }

  private func save<S: PlaneSample>(_ frame: Frame, samples: S.Type) {
    for plane in 0..<3 {
      guard let view = Plane<S>(frame, plane: plane) else { continue }
      let count = view.width * view.height * MemoryLayout<S>.size
      if saved[plane].count != count { saved[plane] = [UInt8](repeating: 0, count: count) }
      saved[plane].withUnsafeMutableBytes { bytes in
        bytes.withMemoryRebound(to: S.self) { buffer in
          guard let base = buffer.baseAddress else { return }
          for y in 0..<view.height { (base + y * view.width).update(from: view.row(y), count: view.width) }
        }
      }
    }
  }

  private func restoreOutside<S: PlaneSample>(
    _ mask: LayerMask.Shape, rect: Rect, feather: Double, in frame: Frame, samples: S.Type
  ) {
    for plane in 0..<3 {
      guard let view = Plane<S>(frame, plane: plane) else { continue }
      let s = plane == 0 ? 1.0 : 2.0
      let shape = PlaneShape(
        kind: mask, rect: Rect(x: rect.x / s, y: rect.y / s, width: rect.width / s, height: rect.height / s),
        edge: max(feather / s, 1))
      saved[plane].withUnsafeBytes { bytes in
        bytes.withMemoryRebound(to: S.self) { buffer in
          guard let base = buffer.baseAddress else { return }
          for y in 0..<view.height {
            restore(
              row: view.row(y), from: base + y * view.width, width: view.width, top: Double(view.maximum),
              y: Double(y) + 0.5, shape)
          }
        }
      }
    }
  }

  /// A mask in one plane's pixels; coverage goes from 0 to 1 across `edge` pixels centred on the outline.
  struct PlaneShape {
    let kind: LayerMask.Shape
    let rect: Rect
    let edge: Double

    /// Coverage of one axis of a rectangle: the distance inside the nearer side, over the edge.
    func axis(_ p: Double, low: Double, high: Double) -> Double {
      if high - low <= 0 { return 0 }
      return min(max(min(p - low, high - p) / edge + 0.5, 0), 1)
    }

    /// The x span where coverage is full (`inner`) and beyond which it is zero (`outer`), for the row at `y`;
    /// nil when the row is wholly outside.
    func spans(y: Double) -> (outer: ClosedRange<Double>, inner: ClosedRange<Double>?)? {
      let half = edge / 2
      switch kind {
      case .rectangle:
        let cy = axis(y, low: rect.y, high: rect.y + rect.height)
        guard cy > 0, rect.width > 0 else { return nil }
        let outer = (rect.x - half)...(rect.x + rect.width + half)
        let inner = cy >= 1 && rect.width > edge ? (rect.x + half)...(rect.x + rect.width - half) : nil
        return (outer, inner)
      case .ellipse:
        let (rx, ry) = (rect.width / 2, rect.height / 2)
        guard rx > 0, ry > 0 else { return nil }
        let (cx, cy) = (rect.x + rx, rect.y + ry)
        let dy = (y - cy) / ry
        // Coverage is (1 − r)·m / edge + ½ with r the normalized radius and m the smaller radius.
        let m = min(rx, ry)
        let rOuter = 1 + half / m
        let rInner = 1 - half / m
        guard dy * dy < rOuter * rOuter else { return nil }
        let wOuter = rx * (rOuter * rOuter - dy * dy).squareRoot()
        var inner: ClosedRange<Double>?
        if rInner > 0, dy * dy < rInner * rInner {
          let wInner = rx * (rInner * rInner - dy * dy).squareRoot()
          inner = (cx - wInner)...(cx + wInner)
        }
        return ((cx - wOuter)...(cx + wOuter), inner)
      }
    }

    /// Coverage of the pixel centred at (`x`, `y`).
    func coverage(x: Double, y: Double) -> Double {
      switch kind {
      case .rectangle:
        return axis(x, low: rect.x, high: rect.x + rect.width) * axis(y, low: rect.y, high: rect.y + rect.height)
      case .ellipse:
        let (rx, ry) = (rect.width / 2, rect.height / 2)
        guard rx > 0, ry > 0 else { return 0 }
        let dx = (x - rect.x - rx) / rx
        let dy = (y - rect.y - ry) / ry
        let r = (dx * dx + dy * dy).squareRoot()
        return min(max((1 - r) * min(rx, ry) / edge + 0.5, 0), 1)
      }
    }
  }

  private func restore<S: PlaneSample>(
    row: UnsafeMutablePointer<S>, from old: UnsafePointer<S>, width: Int, top: Double, y: Double, _ shape: PlaneShape
  ) {
    guard let spans = shape.spans(y: y) else {
      row.update(from: old, count: width)
      return
    }
    // Pixel x is centred at x + 0.5: the first pixel at or after a position p is ceil(p − 0.5).
    let first = min(max(Int((spans.outer.lowerBound - 0.5).rounded(.up)), 0), width)
    let end = min(max(Int((spans.outer.upperBound - 0.5).rounded(.down)) + 1, first), width)
    if first > 0 { row.update(from: old, count: first) }
    if end < width { (row + end).update(from: old + end, count: width - end) }
    var innerFirst = end
    var innerEnd = end
    if let inner = spans.inner {
      innerFirst = min(max(Int((inner.lowerBound - 0.5).rounded(.up)), first), end)
      innerEnd = min(max(Int((inner.upperBound - 0.5).rounded(.down)) + 1, innerFirst), end)
    }
    for x in first..<innerFirst { mix(row, old, x, shape.coverage(x: Double(x) + 0.5, y: y), top) }
    for x in innerEnd..<end { mix(row, old, x, shape.coverage(x: Double(x) + 0.5, y: y), top) }
  }

  @inline(__always)
  private func mix<S: PlaneSample>(
    _ row: UnsafeMutablePointer<S>, _ old: UnsafePointer<S>, _ x: Int, _ coverage: Double, _ top: Double
  ) {
    let o = Double(old[x])
    row[x] = S(min(max(o + (Double(row[x]) - o) * coverage, 0), top) + 0.5)
  }
}
