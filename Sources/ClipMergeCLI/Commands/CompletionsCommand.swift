/// `clipmerge completions bash|zsh|fish`: the completion script for a shell, made from the option tables.
struct CompletionsCommand {
  static let name = "completions"
  static let specs: [OptionSpec] = [OptionSpec("help", short: "h", help: "Show this help.")]

  static var page: HelpPage {
    HelpPage(
      overview: "Print the completion script for a shell (commands, options, their values, file names).",
      usage: "clipmerge completions bash|zsh|fish",
      arguments: [("SHELL", "bash, zsh or fish.")], options: specs,
      notes: """
        make install puts them where the shells look. To try one in the shell at hand:

        Examples:
          clipmerge completions bash > clipmerge.bash
          clipmerge completions fish > clipmerge.fish
        """)
  }

  var shell: ShellCompletions.Shell

  init(_ parsed: ParsedArguments) throws(UsageError) {
    guard parsed.positionals.count == 1, let shell = ShellCompletions.Shell(rawValue: parsed.positionals[0]) else {
      throw UsageError("completions takes one SHELL: bash, zsh or fish")
    }
    self.shell = shell
  }

  func run(console: Console) throws(CommandFailure) {
    console.out(ShellCompletions.script(for: shell))
  }
}
