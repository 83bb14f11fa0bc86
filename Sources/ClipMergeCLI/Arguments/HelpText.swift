/// Renders a command's `--help` from its option table, in swift-argument-parser's layout.
enum HelpText {
  static func render(
    overview: String, usage: String, arguments: [(String, String)], options: [OptionSpec], notes: String = ""
  )
    -> String
  {
    var text = "OVERVIEW: \(overview)\n\nUSAGE: \(usage)\n"
    if !arguments.isEmpty {
      text += "\nARGUMENTS:\n"
      for (name, help) in arguments { text += row(name, help) }
    }
    text += "\nOPTIONS:\n"
    for option in options { text += row(option.synopsis, option.help) }
    if !notes.isEmpty { text += "\n" + notes + (notes.hasSuffix("\n") ? "" : "\n") }
    return text
  }

  static func exitCodes() -> String {
    var text = "EXIT CODES:\n"
    for code in ExitCode.allCases { text += row(String(code.rawValue), code.meaning) }
    return text
  }

  private static func row(_ left: String, _ right: String) -> String {
    let pad = 26
    if left.count + 2 >= pad { return "  \(left)\n" + String(repeating: " ", count: pad) + right + "\n" }
    return "  " + left + String(repeating: " ", count: pad - 2 - left.count) + right + "\n"
  }
}
