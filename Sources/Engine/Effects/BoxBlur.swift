/// A blur made of box blurs (running sums, so the cost does not grow with the radius): up to three passes each
/// way whose radii add up to the blur's reach, which makes it close to a Gaussian while nothing spreads further
/// than the reach. Sums are 16-bit (a pass's radius is at most 127, so the reach at most 381 pixels) and the
/// division is a multiplication's high half: the horizontal passes run on eight rows at once, one in each lane of
/// a vector, and the vertical passes down whole rows of column sums, so both run eight samples an instruction.
struct BoxBlur {
  /// The radii of the passes: `reach` split into three nearly equal whole parts (zeros dropped).
  let radii: [Int]

  static let maximumReach = 381

  init(reach: Int) {
    let r = min(max(0, reach), Self.maximumReach)
    radii = [r / 3, r / 3, r - 2 * (r / 3)].filter { $0 > 0 }
  }

  /// Blurs `source` into `target` (planes of the same size), using `scratch` space.
  func apply(_ source: PlaneView, into target: PlaneView, scratch: inout [UInt8]) {
    let (w, h) = (source.width, source.height)
    guard !radii.isEmpty else {
      for y in 0..<h { target.row(y).update(from: source.row(y), count: w) }
      return
    }
    // The plane, then (16-byte aligned) two rows of eight interleaved rows of 16-bit values for the horizontal
    // passes, the first of which also holds the column sums of the vertical ones.
    let planeBytes = (w * h + 15) & ~15
    let needed = planeBytes + 32 * w + 16
    if scratch.count < needed { scratch = [UInt8](repeating: 0, count: needed) }
    scratch.withUnsafeMutableBufferPointer { buffer in
      guard let plane = buffer.baseAddress else { return }
      let raw = UnsafeMutableRawPointer(plane + planeBytes)
      let aligned = raw + ((16 - Int(bitPattern: raw) & 15) & 15)
      let lanes = aligned.assumingMemoryBound(to: SIMD8<UInt16>.self)
      // Eight rows at a time; the last group repeats the last row where the plane has fewer left.
      for y in stride(from: 0, to: h, by: 8) {
        let rows = (0..<8).map { min(y + $0, h - 1) }
        Self.horizontal8(
          rows.map { UnsafePointer(source.row($0)) }, into: rows.map { target.row($0) }, width: w, radii: radii,
          buffers: (lanes, lanes + w))
      }
      let sums = aligned.assumingMemoryBound(to: UInt16.self)
      let scratchPlane = PlaneView(base: plane, stride: w, width: w, height: h)
      var (from, to) = (target, scratchPlane)
      for r in radii {
        Self.vertical(from, into: to, radius: r, sums: sums)
        swap(&from, &to)
      }
      if from.base != target.base {
        for y in 0..<h { target.row(y).update(from: from.row(y), count: w) }
      }
    }
  }

  /// 65536 / (2r + 1): the high 16 bits of (sum + r) times it are the rounded mean.
  @inline(__always)
  static func reciprocal(_ r: Int) -> UInt16 { UInt16(min(65535, 65536 / (2 * r + 1))) }

  /// The horizontal passes over eight rows at once, each row in one lane.
  static func horizontal8(
    _ rows: [UnsafePointer<UInt8>], into outs: [UnsafeMutablePointer<UInt8>], width w: Int, radii: [Int],
    buffers: (UnsafeMutablePointer<SIMD8<UInt16>>, UnsafeMutablePointer<SIMD8<UInt16>>)
  ) {
    var (from, to) = buffers
    let (r0, r1, r2, r3, r4, r5, r6, r7) = (rows[0], rows[1], rows[2], rows[3], rows[4], rows[5], rows[6], rows[7])
    for x in 0..<w {
      from[x] = SIMD8(
        UInt16(r0[x]), UInt16(r1[x]), UInt16(r2[x]), UInt16(r3[x]), UInt16(r4[x]), UInt16(r5[x]), UInt16(r6[x]),
        UInt16(r7[x]))
    }
    for r in radii {
      let mul = SIMD8<UInt32>(repeating: UInt32(reciprocal(r)))
      let bias = SIMD8<UInt16>(repeating: UInt16(r))
      @inline(__always) func mean(_ sum: SIMD8<UInt16>) -> SIMD8<UInt16> {
        SIMD8<UInt16>(truncatingIfNeeded: (SIMD8<UInt32>(truncatingIfNeeded: sum &+ bias) &* mul) &>> 16)
      }
      let last = w - 1
      var sum = from[0] &* UInt16(r + 1)
      for i in 1...r { sum &+= from[min(i, last)] }
      let left = min(r, w)
      let right = max(left, w - r - 1)
      for x in 0..<left {
        to[x] = mean(sum)
        sum = sum &+ from[min(x + r + 1, last)] &- from[0]
      }
      for x in left..<right {
        to[x] = mean(sum)
        sum = sum &+ from[x + r + 1] &- from[x - r]
      }
      for x in right..<w {
        to[x] = mean(sum)
        sum = sum &+ from[last] &- from[max(x - r, 0)]
      }
      swap(&from, &to)
    }
    let (o0, o1, o2, o3, o4, o5, o6, o7) = (outs[0], outs[1], outs[2], outs[3], outs[4], outs[5], outs[6], outs[7])
    for x in 0..<w {
      let v = SIMD8<UInt8>(truncatingIfNeeded: from[x])
      (o0[x], o1[x], o2[x], o3[x], o4[x], o5[x], o6[x], o7[x]) = (v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7])
    }
  }

  static func vertical(_ src: PlaneView, into dst: PlaneView, radius r: Int, sums: UnsafeMutablePointer<UInt16>) {
    let (w, h) = (src.width, src.height)
    let mul = UInt32(reciprocal(r))
    let bias = UInt16(r)
    let last = h - 1
    let first = src.row(0)
    for x in 0..<w { sums[x] = UInt16(first[x]) &* UInt16(r + 1) }
    for i in 1...r {
      let row = src.row(min(i, last))
      for x in 0..<w { sums[x] &+= UInt16(row[x]) }
    }
    for y in 0..<h {
      let out = dst.row(y)
      let add = src.row(min(y + r + 1, last))
      let drop = src.row(max(y - r, 0))
      for x in 0..<w {
        let s = sums[x]
        out[x] = UInt8(truncatingIfNeeded: (UInt32(s &+ bias) &* mul) >> 16)
        sums[x] = s &+ UInt16(add[x]) &- UInt16(drop[x])
      }
    }
  }
}
