/// One option a command accepts: drives parsing, `--help`, the shell completions and the man page.
struct OptionSpec: Sendable {
  /// Long name without dashes (`scale`).
  var name: String
  /// Single-letter alias without the dash (`o`), if any.
  var short: Character?
  /// Placeholder for the value in help (`S`); nil for a flag that takes no value.
  var valueName: String?
  var help: String
  /// The values it takes when they are a fixed list (for completion); empty otherwise.
  var choices: [String]

  init(_ name: String, short: Character? = nil, value valueName: String? = nil, choices: [String] = [], help: String) {
    self.name = name
    self.short = short
    self.valueName = valueName
    self.choices = choices
    self.help = help
  }

  var takesValue: Bool { valueName != nil }

  /// Its value names a file (completed with file names).
  var takesFile: Bool { ["FILE", "SPEC", "DIR", "JOBDIR", "json|FILE"].contains(valueName ?? "") }

  /// `-o, --output FILE`
  var synopsis: String {
    let long = "--\(name)" + (valueName.map { " \($0)" } ?? "")
    return short.map { "-\($0), \(long)" } ?? long
  }
}
