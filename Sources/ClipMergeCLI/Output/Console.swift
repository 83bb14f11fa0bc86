import Foundation

/// Where the command line writes: standard output for results only, standard error for everything else.
/// Tests pass their own closures.
public struct Console {
  public var out: (String) -> Void
  public var err: (String) -> Void
  /// Whether standard error is a terminal (progress bars only there).
  public var errIsTerminal: Bool
  /// `--progress ndjson`: notes, warnings and the error go to standard error as JSON objects, one a line
  /// (`{"stage":"note","message":...}`), like the progress, so every line a program reads there parses.
  public var reportsJSON = false

  public init(out: @escaping (String) -> Void, err: @escaping (String) -> Void, errIsTerminal: Bool) {
    self.out = out
    self.err = err
    self.errIsTerminal = errIsTerminal
  }

  /// A note: advice, or what a run decided (`clipmerge: note: ...`).
  public func note(_ message: String) { report("note", message) }

  /// A warning: something asked for that will not show, a file that is not what it claims.
  public func warning(_ message: String) { report("warning", message) }

  /// The failure a run ends with, its exit code and, for a usage error that knows it, the argument at fault
  /// (counted after `clipmerge`, the command being 1: in the JSON object only, the line stays one line).
  public func error(_ message: String, code: Int32, argument: Int? = nil) {
    if reportsJSON {
      var object: [String: Any] = ["stage": "failed", "error": message, "exitCode": Int(code)]
      if let argument { object["argument"] = argument }
      err(Self.jsonLine(object))
    } else {
      err("clipmerge: error: \(Self.errorLines(message))\n")
    }
  }

  /// What a run wrote: `clipmerge: wrote PATH (DETAILS)`, the path's control characters escaped.
  public func wrote(_ path: String, _ details: String) {
    err("clipmerge: wrote \(Self.escaped(path)) (\(details))\n")
  }

  private func report(_ stage: String, _ message: String) {
    err(
      reportsJSON
        ? Self.jsonLine(["stage": stage, "message": message]) : "clipmerge: \(stage): \(Self.escaped(message))\n")
  }

  /// `object` as one line of JSON (keys sorted, slashes as they are).
  public static func jsonLine(_ object: [String: Any]) -> String {
    guard
      let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
    else { return "{}\n" }
    return String(decoding: data, as: UTF8.self) + "\n"
  }

  /// An error message as lines that each start `clipmerge: error: `: a line break or another control character
  /// inside it (a file name holding one) is shown escaped (`\n`, `\u{1B}`), so one problem stays one line and a
  /// file name cannot send escape sequences to the terminal.
  public static func errorLines(_ message: String) -> String {
    let separator = "\nclipmerge: error: "
    return message.components(separatedBy: separator).map(escaped).joined(separator: separator)
  }

  /// `text` on one line: a line break or another control character (a file name holding one) shown escaped
  /// (`\n`, `\u{1B}`), so a message stays one line and cannot send escape sequences to the terminal.
  public static func escaped(_ text: String) -> String {
    var shown = ""
    for scalar in text.unicodeScalars {
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
  }

  /// Writes nowhere.
  public static var silent: Console { Console(out: { _ in }, err: { _ in }, errIsTerminal: false) }

  /// The process's own standard output and error.
  public static var standard: Console {
    Console(
      out: { StandardStream.out(Data($0.utf8)) },
      err: { StandardStream.err(Data($0.utf8)) },
      errIsTerminal: isatty(STDERR_FILENO) == 1)
  }
}
