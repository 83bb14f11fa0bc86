/// A command line clipmerge cannot accept; exits 64, or the code of a file it names (a clip list that is
/// missing: 66; not a list: 65).
struct UsageError: Error, Sendable, CustomStringConvertible {
  var message: String
  var code = ExitCode.usage
  /// Which argument is wrong, counted as the user typed them after `clipmerge` (the command is 1), when known:
  /// `--progress ndjson` gives it as `argument`, for a program that built the command line.
  var argument: Int?

  init(_ message: String, code: ExitCode = .usage, argument: Int? = nil) {
    self.message = message
    self.code = code
    self.argument = argument
  }

  var description: String { message }
}
