import Foundation

/// Where the command line writes: standard output for results only, standard error for everything else.
/// Tests pass their own closures.
public struct Console {
  public var out: (String) -> Void
  public var err: (String) -> Void
  /// Whether standard error is a terminal (progress bars only there).
  public var errIsTerminal: Bool

  public init(out: @escaping (String) -> Void, err: @escaping (String) -> Void, errIsTerminal: Bool) {
    self.out = out
    self.err = err
    self.errIsTerminal = errIsTerminal
  }

  /// Writes nowhere.
  /// An error message as lines that each start `clipmerge: error: `: a line break or another control character
  /// inside it (a file name holding one) is shown escaped (`\n`, `\u{1B}`), so one problem stays one line and a
  /// file name cannot send escape sequences to the terminal.
  public static func errorLines(_ message: String) -> String {
    let separator = "\nclipmerge: error: "
    return message.components(separatedBy: separator).map { line in
      var shown = ""
      for scalar in line.unicodeScalars {
        switch scalar {
        case "\n": shown += "\\n"
        case "\r": shown += "\\r"
        case "\t": shown += "\t"
        case _ where scalar.value < 0x20 || scalar.value == 0x7F:
          shown += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        default: shown.unicodeScalars.append(scalar)
        }
      }
      return shown
    }.joined(separator: separator)
  }

  public static var silent: Console { Console(out: { _ in }, err: { _ in }, errIsTerminal: false) }

  /// The process's own standard output and error.
  public static var standard: Console {
    Console(
      out: { StandardStream.out(Data($0.utf8)) },
      err: { StandardStream.err(Data($0.utf8)) },
      errIsTerminal: isatty(STDERR_FILENO) == 1)
  }
}
