/// What a command's help says, as parts: rendered as `--help` (`text`, in swift-argument-parser's layout) and
/// as its section of the man page (`ManPage`), so the two never disagree.
struct HelpPage {
  var overview: String
  var usage: String
  var arguments: [(String, String)]
  var options: [OptionSpec]
  /// Free text after the options (examples under a line `Examples:`); the exit codes follow it.
  var notes: String = ""
  /// Options other commands take that this one does not, and why.
  var notTaken: [(options: String, why: String)] = []

  /// The `--help` text, the exit codes last.
  var text: String {
    var text = "OVERVIEW: \(overview)\n\nUSAGE: \(usage)\n"
    if !arguments.isEmpty {
      text += "\nARGUMENTS:\n"
      for (name, help) in arguments { text += HelpText.row(name, help) }
    }
    text += "\nOPTIONS:\n"
    for option in options { text += HelpText.row(option.synopsis, option.help) }
    if !notTaken.isEmpty {
      text += "\nNOT TAKEN HERE:\n"
      for line in notTaken { text += HelpText.row(line.options, "Because " + line.why + ".") }
    }
    var notes = Substring(notes)
    while notes.last?.isNewline == true { notes = notes.dropLast() }
    if !notes.isEmpty { text += "\n" + notes + "\n" }
    return text + "\n" + HelpText.exitCodes()
  }
}

/// The layout of help text.
enum HelpText {
  static func exitCodes() -> String {
    var text = "EXIT CODES:\n"
    for code in ExitCode.allCases { text += row(String(code.rawValue), code.meaning) }
    return text
  }

  static func row(_ left: String, _ right: String) -> String {
    let pad = 26
    if left.count + 2 >= pad { return "  \(left)\n" + String(repeating: " ", count: pad) + right + "\n" }
    return "  " + left + String(repeating: " ", count: pad - 2 - left.count) + right + "\n"
  }
}
