/// A command line clipmerge cannot accept; exits 64, or the code of a file it names (a clip list that is
/// missing: 66; not a list: 65).
struct UsageError: Error, Sendable, CustomStringConvertible {
  var message: String
  var code = ExitCode.usage

  init(_ message: String, code: ExitCode = .usage) {
    self.message = message
    self.code = code
  }

  var description: String { message }
}
