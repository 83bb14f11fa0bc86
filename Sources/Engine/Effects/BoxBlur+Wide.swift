/// The same blur on 16-bit samples (an HDR render's 10-bit pictures): the passes as running sums in Swift, a row
/// or a column at a time, edges repeated and means rounded as the 8-bit kernels do; `scratch` holds the two
/// planes of sums the passes write in turn (kept by the caller from picture to picture).
extension BoxBlur {
  func apply(_ source: Plane<UInt16>, into target: Plane<UInt16>, scratch: inout (from: [Int32], to: [Int32])) {
    let (w, h) = (source.width, source.height)
    guard w > 0, h > 0 else { return }
    if scratch.from.count != w * h {
      scratch = ([Int32](repeating: 0, count: w * h), [Int32](repeating: 0, count: w * h))
    }
    var (from, to) = scratch
    scratch = ([], [])
    defer { scratch = (from, to) }
    for y in 0..<h {
      let row = source.row(y)
      for x in 0..<w { from[y * w + x] = Int32(row[x]) }
    }
    for r in radii {
      Self.pass(from, into: &to, radius: r, lines: h, length: w, step: 1, next: w)
      swap(&from, &to)
    }
    for r in radii {
      Self.pass(from, into: &to, radius: r, lines: w, length: h, step: w, next: 1)
      swap(&from, &to)
    }
    for y in 0..<h {
      let row = target.row(y)
      for x in 0..<w { row[x] = UInt16(truncatingIfNeeded: from[y * w + x]) }
    }
  }

  /// One pass of radius `r` along `lines` lines of `length` samples, `step` apart within a line, lines `next`
  /// apart.
  private static func pass(
    _ from: [Int32], into to: inout [Int32], radius r: Int, lines: Int, length: Int, step: Int, next: Int
  ) {
    let last = length - 1
    let width = Int32(2 * r + 1)
    for line in 0..<lines {
      let base = line * next
      var sum = from[base] * Int32(r + 1)
      for i in 1...max(r, 1) where i <= r { sum += from[base + min(i, last) * step] }
      for i in 0..<length {
        to[base + i * step] = (sum + Int32(r)) / width
        sum += from[base + min(i + r + 1, last) * step] - from[base + max(i - r, 0) * step]
      }
    }
  }
}
