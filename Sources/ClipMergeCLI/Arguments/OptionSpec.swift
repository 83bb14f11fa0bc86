/// One option a command accepts: drives both parsing and `--help`.
struct OptionSpec: Sendable {
  /// Long name without dashes (`scale`).
  var name: String
  /// Single-letter alias without the dash (`o`), if any.
  var short: Character?
  /// Placeholder for the value in help (`S`); nil for a flag that takes no value.
  var valueName: String?
  var help: String

  init(_ name: String, short: Character? = nil, value valueName: String? = nil, help: String) {
    self.name = name
    self.short = short
    self.valueName = valueName
    self.help = help
  }

  var takesValue: Bool { valueName != nil }

  /// `-o, --output FILE`
  var synopsis: String {
    let long = "--\(name)" + (valueName.map { " \($0)" } ?? "")
    return short.map { "-\($0), \(long)" } ?? long
  }
}
