/// The horizontal passes of a `BoxBlur` as running sums (the cost does not grow with the radius) on eight rows at
/// once, one in each lane of a vector: 8×8 blocks of bytes transposed in and out.
enum LanePasses {
  /// The horizontal passes over the eight rows from `first` at once, each row in one lane.
  static func run(
    from source: PlaneView, into target: PlaneView, rows first: Int, width w: Int, radii: [Int],
    buffers: (UnsafeMutablePointer<SIMD8<UInt16>>, UnsafeMutablePointer<SIMD8<UInt16>>)
  ) {
    var (from, to) = buffers
    // The last group repeats the last row where the plane has fewer left.
    func row(_ i: Int) -> Int { min(first + i, source.height - 1) }
    let (r0, r1, r2, r3) = (source.row(row(0)), source.row(row(1)), source.row(row(2)), source.row(row(3)))
    let (r4, r5, r6, r7) = (source.row(row(4)), source.row(row(5)), source.row(row(6)), source.row(row(7)))
    // Eight columns at a time: eight bytes of each row, transposed so each word holds one column's eight rows.
    let whole = w & ~7
    @inline(__always) func load(_ row: UnsafePointer<UInt8>, _ x: Int) -> UInt64 {
      UnsafeRawPointer(row + x).loadUnaligned(as: UInt64.self)
    }
    @inline(__always) func widen(_ word: UInt64) -> SIMD8<UInt16> {
      SIMD8<UInt16>(truncatingIfNeeded: unsafeBitCast(word, to: SIMD8<UInt8>.self))
    }
    for x in stride(from: 0, to: whole, by: 8) {
      var w = (load(r0, x), load(r1, x), load(r2, x), load(r3, x), load(r4, x), load(r5, x), load(r6, x), load(r7, x))
      transpose(&w)
      (from[x], from[x + 1], from[x + 2], from[x + 3]) = (widen(w.0), widen(w.1), widen(w.2), widen(w.3))
      (from[x + 4], from[x + 5], from[x + 6], from[x + 7]) = (widen(w.4), widen(w.5), widen(w.6), widen(w.7))
    }
    for x in whole..<w {
      from[x] = SIMD8(
        UInt16(r0[x]), UInt16(r1[x]), UInt16(r2[x]), UInt16(r3[x]), UInt16(r4[x]), UInt16(r5[x]), UInt16(r6[x]),
        UInt16(r7[x]))
    }
    for r in radii {
      let mul = SIMD8<UInt16>(repeating: BoxBlur.reciprocal(r))
      let bias = SIMD8<UInt16>(repeating: UInt16(r))
      @inline(__always) func mean(_ sum: SIMD8<UInt16>) -> SIMD8<UInt16> {
        BoxBlur.mean(sum, bias: bias, multiplier: mul)
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
    let (o0, o1, o2, o3) = (target.row(row(0)), target.row(row(1)), target.row(row(2)), target.row(row(3)))
    let (o4, o5, o6, o7) = (target.row(row(4)), target.row(row(5)), target.row(row(6)), target.row(row(7)))
    @inline(__always) func narrow(_ v: SIMD8<UInt16>) -> UInt64 {
      unsafeBitCast(SIMD8<UInt8>(truncatingIfNeeded: v), to: UInt64.self)
    }
    @inline(__always) func store(_ word: UInt64, _ row: UnsafeMutablePointer<UInt8>, _ x: Int) {
      UnsafeMutableRawPointer(row + x).storeBytes(of: word, as: UInt64.self)
    }
    for x in stride(from: 0, to: whole, by: 8) {
      var w = (
        narrow(from[x]), narrow(from[x + 1]), narrow(from[x + 2]), narrow(from[x + 3]), narrow(from[x + 4]),
        narrow(from[x + 5]), narrow(from[x + 6]), narrow(from[x + 7])
      )
      transpose(&w)
      // Rows repeated at the plane's end get the same bytes twice.
      store(w.0, o0, x)
      store(w.1, o1, x)
      store(w.2, o2, x)
      store(w.3, o3, x)
      store(w.4, o4, x)
      store(w.5, o5, x)
      store(w.6, o6, x)
      store(w.7, o7, x)
    }
    for x in whole..<w {
      let v = SIMD8<UInt8>(truncatingIfNeeded: from[x])
      (o0[x], o1[x], o2[x], o3[x], o4[x], o5[x], o6[x], o7[x]) = (v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7])
    }
  }

  typealias Words = (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

  /// Transposes the 8×8 bytes of `w` (word i's byte j becomes word j's byte i) in three rounds of swaps: bytes
  /// between neighbouring words, then pairs of bytes two words apart, then halves four apart.
  @inline(__always)
  static func transpose(_ w: inout Words) {
    @inline(__always) func swap(_ a: inout UInt64, _ b: inout UInt64, _ shift: UInt64, _ mask: UInt64) {
      let t = ((a >> shift) ^ b) & mask
      b ^= t
      a ^= t << shift
    }
    let (m8, m16, m32): (UInt64, UInt64, UInt64) = (0x00FF_00FF_00FF_00FF, 0x0000_FFFF_0000_FFFF, 0xFFFF_FFFF)
    swap(&w.0, &w.1, 8, m8)
    swap(&w.2, &w.3, 8, m8)
    swap(&w.4, &w.5, 8, m8)
    swap(&w.6, &w.7, 8, m8)
    swap(&w.0, &w.2, 16, m16)
    swap(&w.1, &w.3, 16, m16)
    swap(&w.4, &w.6, 16, m16)
    swap(&w.5, &w.7, 16, m16)
    swap(&w.0, &w.4, 32, m32)
    swap(&w.1, &w.5, 32, m32)
    swap(&w.2, &w.6, 32, m32)
    swap(&w.3, &w.7, 32, m32)
  }
}
