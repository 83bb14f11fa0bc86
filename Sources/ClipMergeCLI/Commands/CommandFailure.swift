import ClipMergeKit

/// A failure a command reports: one line for standard error and the exit code that goes with it.
struct CommandFailure: Error {
  var message: String
  var code: ExitCode
  /// The message was printed already (a command that reports several failures as it goes).
  var alreadyReported = false
  /// The argument at fault, counted after `clipmerge` (the command is 1), when a usage error knows it.
  var argument: Int?

  init(_ message: String, code: ExitCode, alreadyReported: Bool = false) {
    self.message = message
    self.code = code
    self.alreadyReported = alreadyReported
  }

  init(_ usage: UsageError) {
    self.init(usage.message, code: usage.code)
    argument = usage.argument
  }

  /// The exit code the engine's error calls for.
  init(_ error: EngineError) {
    switch error {
    case .inputUnreadable: self.init(error.description, code: .noInput)
    case .invalidInput, .decodeFailed, .invalidComposition, .cannotCopy: self.init(error.description, code: .dataError)
    case .outputFailed: self.init(error.description, code: .cannotCreate)
    case .readerGone: self.init(error.description, code: .brokenPipe)
    case .interrupted, .interruptedStreaming: self.init(error.description, code: .interrupted)
    case .internalFailure: self.init(error.description, code: .software)
    case .systemRefused: self.init(error.description, code: .osError)
    case .readError: self.init(error.description, code: .ioError)
    }
  }
}
