/// The manual page, in roff (man(7) macros), written from the same help pages and option tables as `--help`.
enum ManPage {
  static func text() -> String {
    var page = """
      .TH CLIPMERGE 1 "\(ClipMerge.releaseDate)" "clipmerge \(ClipMerge.version)" "User Commands"
      .SH NAME
      clipmerge \\- join, overlay and soundtrack video from the shell
      .SH SYNOPSIS
      .B clipmerge
      .I command
      .RI [ arguments ]
      .RI [ options ]
      .SH DESCRIPTION
      \(escaped(ClipMerge.page.overview))
      Every command says what it takes with
      .BR "clipmerge \\fIcommand\\fP \\-\\-help" .
      .SH COMMANDS

      """
    for entry in CommandTable.entries { page += section(entry) }
    page += ".SH EXIT STATUS\n"
    for code in ExitCode.allCases { page += ".TP\n.B \(code.rawValue)\n\(escaped(code.meaning))\n" }
    page += """
      .SH SEE ALSO
      .BR ffmpeg (1),
      .BR ffprobe (1),
      .BR parallel (1)

      """
    return page
  }

  private static func section(_ entry: CommandTable.Entry) -> String {
    let help = entry.type.fullPage
    var text = ".SS \(entry.name)\n\(escaped(help.overview))\n.PP\n"
    let usages = help.usage.split(separator: "\n").map { $0.trimmingCharacters(in: " ") }
    text += usages.map { ".B \"\(escaped(String($0)).replacingOccurrences(of: "\"", with: "\\(dq"))\"\n" }.joined(
      separator: ".br\n")
    for (name, about) in help.arguments {
      text += ".TP\n.I \"\(escaped(name))\"\n\(escaped(about))\n"
    }
    for option in help.options {
      let short = option.short.map { "\\fB\\-\($0)\\fR, " } ?? ""
      let value =
        option.valueName.map { option.valueIsOptional ? " [\\fI\(escaped($0))\\fR]" : " \\fI\(escaped($0))\\fR" } ?? ""
      text += ".TP\n\(short)\\fB\\-\\-\(escaped(option.name))\\fR\(value)\n\(escaped(option.help))\n"
    }
    for line in help.notTaken {
      text += ".TP\nNot taken: \(escaped(line.options))\nBecause \(escaped(line.why)).\n"
    }
    return text + notes(help.notes)
  }

  /// Notes: paragraphs as text, indented lines (examples) kept as they are.
  private static func notes(_ notes: String) -> String {
    var text = ""
    var inExample = false
    for line in notes.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("  ") {
        if !inExample { text += ".PP\n.nf\n.RS 4\n" }
        inExample = true
        text += escaped(line.trimmingCharacters(in: " ")) + "\n"
        continue
      }
      if inExample { text += ".RE\n.fi\n" }
      inExample = false
      text += line.isEmpty ? ".PP\n" : escaped(String(line)) + "\n"
    }
    if inExample { text += ".RE\n.fi\n" }
    return text
  }

  /// Text safe in roff: backslashes escaped, minus signs as minus signs, other than ASCII as groff's Unicode
  /// escapes (`\[u00D7]`), no line taken for a request.
  static func escaped(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": out += "\\e"
      case "-": out += "\\-"
      case _ where scalar.value > 126:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
      default: out.unicodeScalars.append(scalar)
      }
    }
    if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
    return out
  }
}

extension Substring {
  fileprivate func trimmingCharacters(in set: Character) -> String {
    var s = self
    while s.first == set { s = s.dropFirst() }
    while s.last == set { s = s.dropLast() }
    return String(s)
  }
}
