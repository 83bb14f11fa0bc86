/// Reads bits of an RBSP, most significant first, skipping emulation-prevention bytes.
struct BitReader {
  private let bytes: [UInt8]
  private var bit = 0

  init(_ raw: [UInt8]) {
    var out: [UInt8] = []
    var zeros = 0
    for b in raw {
      if zeros >= 2 && b == 3 {
        zeros = 0
        continue
      }
      zeros = b == 0 ? zeros + 1 : 0
      out.append(b)
    }
    bytes = out
  }

  mutating func read() -> Int? {
    guard bit / 8 < bytes.count else { return nil }
    let value = Int(bytes[bit / 8] >> (7 - UInt8(bit % 8)) & 1)
    bit += 1
    return value
  }

  /// ue(v).
  mutating func unsignedExpGolomb() -> Int? {
    var zeros = 0
    while let b = read(), b == 0 {
      zeros += 1
      if zeros > 31 { return nil }
    }
    var value = 1
    for _ in 0..<zeros {
      guard let b = read() else { return nil }
      value = value << 1 | b
    }
    return value - 1
  }
}
