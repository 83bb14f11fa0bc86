/// Writes bits, most significant first, into bytes: the rewritten start of a NAL unit's payload.
struct BitWriter {
  private(set) var bytes: [UInt8] = []
  /// Bits written in all.
  private(set) var count = 0

  mutating func write(_ bit: Int) {
    if count % 8 == 0 { bytes.append(0) }
    if bit != 0 { bytes[bytes.count - 1] |= 0x80 >> UInt8(count % 8) }
    count += 1
  }

  mutating func write(_ value: Int, bits: Int) {
    for k in stride(from: bits - 1, through: 0, by: -1) { write(value >> k & 1) }
  }

  /// ue(v): `value` as an Exp-Golomb code.
  mutating func writeExpGolomb(_ value: Int) {
    let code = value + 1
    let length = Self.bitLength(code)
    write(0, bits: length - 1)
    write(code, bits: length)
  }

  /// How many bits ue(v) takes for `value`.
  static func expGolombLength(_ value: Int) -> Int { 2 * bitLength(value + 1) - 1 }

  private static func bitLength(_ value: Int) -> Int { Int.bitWidth - value.leadingZeroBitCount }
}
