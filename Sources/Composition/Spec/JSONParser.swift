/// A JSON number as written: kept as text so times read exactly (`2.9` is 29/10) and doubles read back bit for bit.
struct JSONNumber: Hashable {
  var text: String
  var double: Double { Double(text) ?? .nan }
}

/// A small strict JSON parser (RFC 8259) for specs. Objects become `[String: Any]`, arrays `[Any]`, strings
/// `String`, numbers `JSONNumber`, true/false `Bool`, null `JSONParser.Null`. A duplicate key is an error, as it would
/// otherwise hide one of two values.
///
/// Why not Foundation's JSONSerialization: it turns every number into a binary floating-point NSNumber, so a
/// time written `2.9` could no longer be read as exactly 29/10 (the model's time is rational); it keeps one of two
/// duplicate keys without a word; and its errors give no offset to point the user at. Writing a strict parser
/// is a few hundred lines; every input reaches it through the fuzz test (specs mutated and random).
struct JSONParser {
  struct Failure: Error {
    var message: String
    var offset: Int
  }

  struct Null: Hashable {}

  private let bytes: [UInt8]
  private var index = 0
  private var depth = 0

  static func parse(_ bytes: [UInt8]) throws(Failure) -> Any {
    var parser = JSONParser(bytes: bytes)
    parser.skipSpace()
    let value = try parser.value()
    parser.skipSpace()
    guard parser.index == bytes.count else { throw parser.fail("unexpected text after the JSON value") }
    return value
  }

  private init(bytes: [UInt8]) { self.bytes = bytes }

  private func fail(_ message: String) -> Failure { Failure(message: message, offset: index) }

  private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

  private mutating func skipSpace() {
    while let c = current, c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 { index += 1 }
  }

  private mutating func expect(_ literal: String) throws(Failure) {
    for byte in literal.utf8 {
      guard current == byte else { throw fail("expected '\(literal)'") }
      index += 1
    }
  }

  private mutating func value() throws(Failure) -> Any {
    guard let c = current else { throw fail("unexpected end of the text") }
    switch c {
    case UInt8(ascii: "{"): return try object()
    case UInt8(ascii: "["): return try array()
    case UInt8(ascii: "\""): return try string()
    case UInt8(ascii: "t"):
      try expect("true")
      return true
    case UInt8(ascii: "f"):
      try expect("false")
      return false
    case UInt8(ascii: "n"):
      try expect("null")
      return Null()
    default: return try number()
    }
  }

  private mutating func nested<T>(_ body: (inout JSONParser) throws(Failure) -> T) throws(Failure) -> T {
    depth += 1
    guard depth <= 64 else { throw fail("nested more than 64 levels deep") }
    defer { depth -= 1 }
    return try body(&self)
  }

  private mutating func object() throws(Failure) -> [String: Any] {
    try nested { (p: inout JSONParser) throws(Failure) -> [String: Any] in
      p.index += 1
      var object: [String: Any] = [:]
      p.skipSpace()
      if p.current == UInt8(ascii: "}") {
        p.index += 1
        return object
      }
      while true {
        p.skipSpace()
        guard p.current == UInt8(ascii: "\"") else { throw p.fail("expected a key in quotes") }
        let key = try p.string()
        guard object[key] == nil else { throw p.fail("the key '\(key)' appears twice") }
        p.skipSpace()
        try p.expect(":")
        p.skipSpace()
        object[key] = try p.value()
        p.skipSpace()
        if p.current == UInt8(ascii: ",") {
          p.index += 1
          continue
        }
        try p.expect("}")
        return object
      }
    }
  }

  private mutating func array() throws(Failure) -> [Any] {
    try nested { (p: inout JSONParser) throws(Failure) -> [Any] in
      p.index += 1
      var array: [Any] = []
      p.skipSpace()
      if p.current == UInt8(ascii: "]") {
        p.index += 1
        return array
      }
      while true {
        p.skipSpace()
        array.append(try p.value())
        p.skipSpace()
        if p.current == UInt8(ascii: ",") {
          p.index += 1
          continue
        }
        try p.expect("]")
        return array
      }
    }
  }

  private mutating func string() throws(Failure) -> String {
    index += 1
    var scalars = String.UnicodeScalarView()
    var start = index
    var raw: [UInt8] = []
    while true {
      guard let c = current else { throw fail("a string is not closed") }
      if c == UInt8(ascii: "\"") { break }
      if c < 0x20 { throw fail("a control character inside a string") }
      if c != UInt8(ascii: "\\") {
        index += 1
        continue
      }
      raw.append(contentsOf: bytes[start..<index])
      index += 1
      guard let e = current else { throw fail("a string is not closed") }
      index += 1
      switch e {
      case UInt8(ascii: "\""): raw.append(e)
      case UInt8(ascii: "\\"): raw.append(e)
      case UInt8(ascii: "/"): raw.append(e)
      case UInt8(ascii: "b"): raw.append(0x08)
      case UInt8(ascii: "f"): raw.append(0x0C)
      case UInt8(ascii: "n"): raw.append(0x0A)
      case UInt8(ascii: "r"): raw.append(0x0D)
      case UInt8(ascii: "t"): raw.append(0x09)
      case UInt8(ascii: "u"):
        let code = try hex4()
        var scalar = Unicode.Scalar(code)
        if (0xD800..<0xDC00).contains(code) {
          // A high surrogate must be followed by an escaped low one; anything else is a lone surrogate, which no
          // Unicode string can hold.
          guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
            throw fail("a lone surrogate (\\u\(String(code, radix: 16, uppercase: true))) in a string")
          }
          index += 2
          let low = try hex4()
          guard (0xDC00..<0xE000).contains(low) else {
            throw fail("a lone surrogate (\\u\(String(code, radix: 16, uppercase: true))) in a string")
          }
          scalar = Unicode.Scalar(0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00))
        }
        guard let scalar else { throw fail("an invalid \\u escape (a lone surrogate or not a character)") }
        raw.append(contentsOf: Array(String(Character(scalar)).utf8))
      default: throw fail("an invalid escape in a string")
      }
      start = index
    }
    raw.append(contentsOf: bytes[start..<index])
    index += 1
    guard let text = String(validating: raw, as: UTF8.self) else { throw fail("a string is not valid UTF-8") }
    scalars.append(contentsOf: text.unicodeScalars)
    return String(scalars)
  }

  /// Four hexadecimal digits, exactly (no sign, no fewer).
  private mutating func hex4() throws(Failure) -> UInt32 {
    guard index + 4 <= bytes.count else { throw fail("an invalid \\u escape") }
    var value: UInt32 = 0
    for byte in bytes[index..<index + 4] {
      guard let digit = Character(Unicode.Scalar(byte)).hexDigitValue else { throw fail("an invalid \\u escape") }
      value = value << 4 | UInt32(digit)
    }
    index += 4
    return value
  }

  private mutating func number() throws(Failure) -> JSONNumber {
    let start = index
    if current == UInt8(ascii: "-") { index += 1 }
    func digits(_ p: inout JSONParser) -> Int {
      let s = p.index
      while let c = p.current, c >= UInt8(ascii: "0"), c <= UInt8(ascii: "9") { p.index += 1 }
      return p.index - s
    }
    guard digits(&self) > 0 else { throw fail("unexpected character") }
    if current == UInt8(ascii: ".") {
      index += 1
      guard digits(&self) > 0 else { throw fail("a number needs digits after its point") }
    }
    if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
      index += 1
      if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
      guard digits(&self) > 0 else { throw fail("a number needs digits in its exponent") }
    }
    return JSONNumber(text: String(decoding: bytes[start..<index], as: UTF8.self))
  }
}
