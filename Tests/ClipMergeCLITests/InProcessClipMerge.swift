import ClipMergeCLI
import Foundation
import TestSupport

/// Runs a command in the test's own process, through `ClipMerge.main` with a console that captures what it
/// writes: the tier for parsing, plans, specs, usage and data errors. What needs a process of its own (signals,
/// standard input and output as pipes, the environment, a sanitizer's leak check at exit) stays with
/// `ClipmergeProcess`.
enum InProcessClipMerge {
  /// The text a run wrote, in order.
  private final class Capture {
    var out = ""
    var err = ""
  }

  /// Runs `arguments` (without the program name) and returns the exit code and both outputs, as a process would.
  /// It throws nothing; it is marked `throws` to stand where `ClipmergeProcess.run` stands.
  static func run(_ arguments: [String]) throws -> ClipmergeProcess.Result {
    let capture = Capture()
    let console = Console(out: { capture.out += $0 }, err: { capture.err += $0 }, errIsTerminal: false)
    let code = ClipMerge.main(arguments, console: console, trapsSignals: false)
    return ClipmergeProcess.Result(code: code, output: Data(capture.out.utf8), stderr: capture.err)
  }
}
