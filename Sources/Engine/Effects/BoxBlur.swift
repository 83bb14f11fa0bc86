/// A blur made of box blurs (running sums, so the cost does not grow with the radius): up to three passes each
/// way whose radii add up to the blur's reach, which makes it close to a Gaussian while nothing spreads further
/// than the reach. Each pass is one add and one subtract per sample; the vertical passes run along whole rows of
/// column sums, which the compiler vectorizes.
struct BoxBlur {
  /// The radii of the passes: `reach` split into three nearly equal whole parts (zeros dropped).
  let radii: [Int]

  init(reach: Int) {
    let r = max(0, reach)
    radii = [r / 3, r / 3, r - 2 * (r / 3)].filter { $0 > 0 }
  }

  /// Blurs `source` into `target` (planes of the same size), using `scratch` space.
  func apply(_ source: PlaneView, into target: PlaneView, scratch: inout [Int32]) {
    let (w, h) = (source.width, source.height)
    if scratch.count < 2 * w * h + w { scratch = [Int32](repeating: 0, count: 2 * w * h + w) }
    scratch.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      var a = base
      var b = base + w * h
      let sums = base + 2 * w * h
      for y in 0..<h {
        let row = source.row(y)
        for x in 0..<w { a[y * w + x] = Int32(row[x]) }
      }
      for r in radii {
        for y in 0..<h { Self.horizontal(a + y * w, into: b + y * w, width: w, radius: r) }
        swap(&a, &b)
      }
      for r in radii {
        Self.vertical(a, into: b, width: w, height: h, radius: r, sums: sums)
        swap(&a, &b)
      }
      for y in 0..<h {
        let row = target.row(y)
        let s = a + y * w
        for x in 0..<w { row[x] = UInt8(truncatingIfNeeded: s[x]) }
      }
    }
  }

  /// 2^24 / (2r + 1), so a sum times it, shifted down 24 bits, is the mean.
  @inline(__always)
  static func reciprocal(_ r: Int) -> Int32 { Int32(((1 << 24) + r) / (2 * r + 1)) }

  static func horizontal(
    _ src: UnsafePointer<Int32>, into dst: UnsafeMutablePointer<Int32>, width w: Int, radius r: Int
  ) {
    let mul = Int64(reciprocal(r))
    let last = w - 1
    var sum = Int64(src[0]) * Int64(r + 1)
    for i in 1...r { sum += Int64(src[min(i, last)]) }
    for x in 0..<w {
      dst[x] = Int32((sum * mul + (1 << 23)) >> 24)
      sum += Int64(src[min(x + r + 1, last)]) - Int64(src[max(x - r, 0)])
    }
  }

  static func vertical(
    _ src: UnsafePointer<Int32>, into dst: UnsafeMutablePointer<Int32>, width w: Int, height h: Int, radius r: Int,
    sums: UnsafeMutablePointer<Int32>
  ) {
    let mul = reciprocal(r)
    let last = h - 1
    // Column sums fit in 32 bits (at most 255 · 201); the product with the reciprocal is taken in 64.
    for x in 0..<w { sums[x] = src[x] &* Int32(r + 1) }
    for i in 1...r {
      let row = src + min(i, last) * w
      for x in 0..<w { sums[x] &+= row[x] }
    }
    for y in 0..<h {
      let out = dst + y * w
      for x in 0..<w { out[x] = Int32((Int64(sums[x]) &* Int64(mul) &+ (1 << 23)) >> 24) }
      let add = src + min(y + r + 1, last) * w
      let drop = src + max(y - r, 0) * w
      for x in 0..<w { sums[x] &+= add[x] &- drop[x] }
    }
  }
}
