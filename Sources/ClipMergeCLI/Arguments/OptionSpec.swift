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
  /// The value may be left out (`--duck` or `--duck 10`): it is taken only when it is a number or given
  /// with `=`. Completions treat the option as a flag.
  var valueIsOptional: Bool

  init(
    _ name: String, short: Character? = nil, value valueName: String? = nil, optional valueIsOptional: Bool = false,
    choices: [String] = [], help: String
  ) {
    self.name = name
    self.short = short
    self.valueName = valueName
    self.valueIsOptional = valueIsOptional
    self.choices = choices
    self.help = help
  }

  /// It always takes a value.
  var takesValue: Bool { valueName != nil && !valueIsOptional }

  /// Its value names a file (completed with file names).
  var takesFile: Bool { ["FILE", "SPEC", "DIR", "JOBDIR", "json|FILE"].contains(valueName ?? "") }

  /// `-o, --output FILE`
  var synopsis: String {
    let long = "--\(name)" + (valueName.map { valueIsOptional ? " [\($0)]" : " \($0)" } ?? "")
    return short.map { "-\($0), \(long)" } ?? long
  }
}
