/// Walks parsed JSON, converting values and collecting a problem (with its JSON path) for each one that is
/// missing, of the wrong type, out of range, or unknown. Never stops at the first problem.
struct SpecReader {
  private(set) var problems: [SpecProblem] = []

  mutating func fail(_ path: String, _ message: String) {
    problems.append(SpecProblem(path: path, message: message))
  }

  static func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

  /// An object with only `allowed` keys (each unknown key is a problem) and all `required` ones.
  mutating func object(_ value: Any?, at path: String, allowed: [String], required: [String] = []) -> [String: Any]? {
    guard let value else {
      fail(path, "missing")
      return nil
    }
    guard let object = value as? [String: Any] else {
      fail(path, "expected an object, got \(Self.kind(of: value))")
      return nil
    }
    for key in object.keys.sorted() where !allowed.contains(key) {
      fail(Self.join(path, key), "unknown key (expected one of: \(allowed.joined(separator: ", ")))")
    }
    for key in required where object[key] == nil { fail(Self.join(path, key), "missing") }
    return object
  }

  mutating func array(_ value: Any?, at path: String) -> [Any]? {
    guard let value else { return nil }
    guard let array = value as? [Any] else {
      fail(path, "expected an array, got \(Self.kind(of: value))")
      return nil
    }
    return array
  }

  mutating func string(_ value: Any?, at path: String) -> String? {
    guard let value else { return nil }
    guard let string = value as? String else {
      fail(path, "expected a string, got \(Self.kind(of: value))")
      return nil
    }
    return string
  }

  mutating func bool(_ value: Any?, at path: String) -> Bool? {
    guard let value else { return nil }
    guard let bool = value as? Bool else {
      fail(path, "expected true or false, got \(Self.kind(of: value))")
      return nil
    }
    return bool
  }

  mutating func number(_ value: Any?, at path: String, in range: ClosedRange<Double>? = nil) -> Double? {
    guard let value else { return nil }
    guard let number = value as? JSONNumber, number.double.isFinite else {
      fail(path, "expected a number, got \(Self.kind(of: value))")
      return nil
    }
    let double = number.double
    if let range, !range.contains(double) {
      fail(
        path,
        "\(Self.format(double)) is out of range (\(Self.format(range.lowerBound)) to \(Self.format(range.upperBound)))")
      return nil
    }
    return double
  }

  mutating func integer(_ value: Any?, at path: String, in range: ClosedRange<Int>) -> Int? {
    guard let double = number(value, at: path) else { return nil }
    guard double == double.rounded(), let int = Int(exactly: double), range.contains(int) else {
      fail(path, "expected a whole number from \(range.lowerBound) to \(range.upperBound), got \(Self.format(double))")
      return nil
    }
    return int
  }

  /// A value in the syntax `kind` (the command line's too): a string, or a JSON number's text.
  mutating func value<T>(_ value: Any?, at path: String, _ kind: ValueSyntax.Kind<T>) -> T? {
    guard let value else { return nil }
    let text: String
    if let number = value as? JSONNumber {
      text = number.text
    } else if let string = value as? String {
      text = string
    } else {
      fail(path, "expected \(kind.expected), got \(Self.kind(of: value))")
      return nil
    }
    guard let parsed = kind.parse(text) else {
      fail(path, "expected \(kind.expected), got '\(text)'")
      return nil
    }
    return parsed
  }

  /// A time: a number of seconds, or a string of seconds, a timecode or a rational (`"1001/30000"`). Exact:
  /// a JSON number is read from its decimal text, not through a binary fraction.
  mutating func time(_ value: Any?, at path: String) -> MediaTime? {
    guard let value else { return nil }
    if let number = value as? JSONNumber {
      guard let time = MediaTime(parsing: number.text) else {
        fail(path, "expected a time of 0 or more seconds (at most 9 decimals, no exponent), got \(number.text)")
        return nil
      }
      return time
    }
    if let text = value as? String {
      guard let time = ValueSyntax.time.parse(text) else {
        fail(path, "expected \(ValueSyntax.time.expected), got '\(text)'")
        return nil
      }
      return time
    }
    fail(path, "expected a time, got \(Self.kind(of: value))")
    return nil
  }

  /// `{"start": T, "duration": T}` or `{"start": T, "end": T}`.
  mutating func timeRange(_ value: Any?, at path: String) -> TimeRange? {
    guard let object = object(value, at: path, allowed: ["start", "duration", "end"], required: ["start"]) else {
      return nil
    }
    let start = time(object["start"], at: Self.join(path, "start"))
    if object["duration"] != nil && object["end"] != nil {
      fail(path, "give duration or end, not both")
      return nil
    }
    if let start, let duration = time(object["duration"], at: Self.join(path, "duration")) {
      return TimeRange(start: start, duration: duration)
    }
    if let start, let end = time(object["end"], at: Self.join(path, "end")) {
      guard end > start else {
        fail(Self.join(path, "end"), "ends before it starts")
        return nil
      }
      return TimeRange(start: start, end: end)
    }
    if object["duration"] == nil && object["end"] == nil { fail(path, "needs duration or end") }
    return nil
  }

  static func format(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
  }

  static func kind(of value: Any) -> String {
    switch value {
    case is Bool: return "a boolean"
    case is JSONNumber: return "a number"
    case is String: return "a string"
    case is [Any]: return "an array"
    case is [String: Any]: return "an object"
    case is JSONParser.Null: return "null"
    default: return "something else"
    }
  }
}
