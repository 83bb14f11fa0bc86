/// Reads bits of an RBSP, most significant first.
struct BitReader {
  private let bytes: [UInt8]
  /// The next bit's position, from the first byte's most significant bit.
  private(set) var position = 0

  /// Reads the payload of escaped bytes (emulation-prevention bytes skipped).
  init(_ raw: [UInt8]) {
    bytes = NALUnits.unescaped(raw[...])
  }

  /// Reads a payload already unescaped.
  init(unescaped: [UInt8]) {
    bytes = unescaped
  }

  mutating func read() -> Int? {
    guard position / 8 < bytes.count else { return nil }
    let value = Int(bytes[position / 8] >> (7 - UInt8(position % 8)) & 1)
    position += 1
    return value
  }

  /// u(n), n up to 32.
  mutating func read(bits: Int) -> Int? {
    var value = 0
    for _ in 0..<bits {
      guard let b = read() else { return nil }
      value = value << 1 | b
    }
    return value
  }

  /// ue(v).
  mutating func unsignedExpGolomb() -> Int? {
    var zeros = 0
    while true {
      guard let b = read() else { return nil }
      if b == 1 { break }
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
