/// `clipmerge man-page`: the manual page in roff on standard output (`make man` and `make install` write it).
struct ManPageCommand {
  static let name = "man-page"
  static let specs: [OptionSpec] = [
    OptionSpec("options-table", help: "Print the table of every option against every command instead (Markdown)."),
    OptionSpec("help", short: "h", help: "Show this help."),
  ]

  static var page: HelpPage {
    HelpPage(
      overview: "Print the manual page in roff, made from the same tables as --help.",
      usage: "clipmerge man-page", arguments: [], options: specs,
      notes: """
        Examples:
          clipmerge man-page > clipmerge.1
          clipmerge man-page --options-table > options.md
        """)
  }

  var table: Bool

  init(_ parsed: ParsedArguments) throws(UsageError) {
    guard parsed.positionals.isEmpty else { throw UsageError("man-page takes no arguments") }
    table = parsed.flags.contains("options-table")
  }

  func run(console: Console) throws(CommandFailure) {
    console.out(table ? CommandTable.optionsTable() : ManPage.text())
  }
}
