/// Damages JSON specs the ways hands and programs damage them, deterministically from a seed: byte-level damage
/// (through `Mutator`), surrogate and control escapes, extreme numbers, deep nesting, swapped values, and random
/// JSON documents from scratch.
public struct SpecMutator {
  private var bytes: Mutator

  public init(seed: UInt64) { bytes = Mutator(seed: seed) }

  static let escapes = [#"\uD800"#, #"\uDFFF"#, #"\uD800\u0041"#, #"\u0000"#, #"\uD83D\uDE00"#, #"\"#, #"\u12"#]
  static let numbers = [
    "1e309", "-1e309", "-0", "99999999999999999999999", "0.000000000000000000000001", "NaN", "1.5e-400", "-7",
    "86401", "9223372036854775808", "0x10", "1.",
  ]

  /// One damaged copy of `text` and a word for what was done.
  public mutating func mutate(_ text: [UInt8]) -> (bytes: [UInt8], how: String) {
    var data = text
    switch bytes.below(6) {
    case 0:
      return bytes.mutate(text)
    case 1:
      let quotes = data.indices.filter { data[$0] == UInt8(ascii: "\"") }
      guard let at = quotes.isEmpty ? nil : quotes[bytes.below(quotes.count)] else { return (data, "unchanged") }
      let escape = Self.escapes[bytes.below(Self.escapes.count)]
      data.insert(contentsOf: Array(escape.utf8), at: at)
      return (data, "escape \(escape) before byte \(at)")
    case 2:
      let digits = data.indices.filter {
        (0x30...0x39).contains(data[$0]) && $0 > 0 && !(0x30...0x39).contains(data[$0 - 1])
      }
      guard !digits.isEmpty else { return (data, "unchanged") }
      let start = digits[bytes.below(digits.count)]
      var end = start
      while end < data.count, (0x30...0x39).contains(data[end]) || data[end] == UInt8(ascii: ".") { end += 1 }
      let number = Self.numbers[bytes.below(Self.numbers.count)]
      data.replaceSubrange(start..<end, with: Array(number.utf8))
      return (data, "number at \(start) set to \(number)")
    case 3:
      let depth = 1 + bytes.below(5000)
      return (
        Array((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8),
        "\(depth) nested arrays"
      )
    case 4:
      // A value moved to where another was: right types in wrong places.
      let colons = data.indices.filter { data[$0] == UInt8(ascii: ":") }
      guard colons.count >= 2 else { return (data, "unchanged") }
      let a = colons[bytes.below(colons.count)]
      let b = colons[bytes.below(colons.count)]
      let valueA = value(after: a, in: data)
      let valueB = value(after: b, in: data)
      guard a < b, valueA.upperBound <= b else { return (data, "unchanged") }
      let moved = Array(data[valueB])
      data.replaceSubrange(valueA, with: moved)
      return (data, "value at \(b) copied to \(a)")
    default:
      var text = ""
      randomValue(depth: 0, into: &text)
      return (Array(text.utf8), "random JSON")
    }
  }

  /// The bytes of a simple value after a colon (up to the next comma or closing bracket).
  private func value(after colon: Int, in data: [UInt8]) -> Range<Int> {
    var end = colon + 1
    while end < data.count, ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]")].contains(data[end]) { end += 1 }
    return colon + 1..<end
  }

  private mutating func randomValue(depth: Int, into text: inout String) {
    let keys = [
      "tracks", "video", "audio", "output", "sources", "segments", "source", "start", "duration", "kind",
      "id", "layers", "opacity", "transform", "renderSize", "frameRate", "speed", "sourceRange", "path", "crop",
    ]
    switch depth > 4 ? bytes.below(4) : bytes.below(7) {
    case 0: text += Self.numbers[bytes.below(Self.numbers.count)]
    case 1:
      text += ["true", "false", "null", "\"video\"", "\"1920x1080\"", "\"../generated/base.mp4\""][bytes.below(6)]
    case 2: text += "\"" + Self.escapes[bytes.below(Self.escapes.count)] + "\""
    case 3: text += String(bytes.below(100))
    case 4, 5:
      text += "{"
      for i in 0..<bytes.below(5) {
        if i > 0 { text += "," }
        text += "\"\(keys[bytes.below(keys.count)])\":"
        randomValue(depth: depth + 1, into: &text)
      }
      text += "}"
    default:
      text += "["
      for i in 0..<bytes.below(4) {
        if i > 0 { text += "," }
        randomValue(depth: depth + 1, into: &text)
      }
      text += "]"
    }
  }
}
