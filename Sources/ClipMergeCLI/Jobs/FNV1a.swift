/// The 64-bit FNV-1a hash: cheap, stable across machines and versions, for telling contents apart (not for
/// resisting a collision made on purpose).
struct FNV1a {
  private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

  mutating func feed<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
    for byte in bytes {
      value ^= UInt64(byte)
      value = value &* 0x100_0000_01b3
    }
  }

  var hex: String { String(value, radix: 16) }
}
