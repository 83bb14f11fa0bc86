/// Writes JSON values (dictionaries, arrays, strings, numbers, booleans) as pretty text with sorted keys.
/// Numbers are written in Swift's shortest form that reads back to the same Double, so a spec round-trips exactly.
enum JSONText {
  static func render(_ value: Any, indent: String = "") -> String {
    let inner = indent + "  "
    switch value {
    case let bool as Bool:
      return bool ? "true" : "false"
    case let int as Int:
      return String(int)
    case let double as Double:
      if double == double.rounded(), abs(double) < 1e15 { return String(Int64(double)) }
      return double.isFinite ? "\(double)" : "null"
    case let string as String:
      return quote(string)
    case let array as [Any]:
      if array.isEmpty { return "[]" }
      if array.allSatisfy({ $0 is Double || $0 is Int }) {
        return "[" + array.map { render($0) }.joined(separator: ", ") + "]"
      }
      return "[\n" + array.map { inner + render($0, indent: inner) }.joined(separator: ",\n") + "\n" + indent + "]"
    case let object as [String: Any]:
      if object.isEmpty { return "{}" }
      let members = object.keys.sorted().map { key in
        inner + quote(key) + ": " + render(object[key] ?? "", indent: inner)
      }
      return "{\n" + members.joined(separator: ",\n") + "\n" + indent + "}"
    default:
      return "null"
    }
  }

  static func quote(_ string: String) -> String {
    var out = "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }
}
