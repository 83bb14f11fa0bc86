/// A command line clipmerge cannot accept; exits 64.
struct UsageError: Error, Sendable, CustomStringConvertible {
  var message: String

  init(_ message: String) { self.message = message }

  var description: String { message }
}
