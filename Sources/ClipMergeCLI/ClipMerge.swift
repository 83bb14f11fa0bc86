import Engine

/// The `clipmerge` command line: dispatches to a command and turns every failure into one line on standard
/// error and a documented exit code.
public enum ClipMerge {
  public static let version = "0.1.0"

  static var help: String {
    HelpText.render(
      overview: "Join, overlay and soundtrack video from the shell, on FFmpeg's libraries.",
      usage: "clipmerge <command> [arguments] [options]",
      arguments: [("overlay", "Picture-in-picture of two clips (clipmerge overlay --help).")],
      options: [
        OptionSpec("help", short: "h", help: "Show this help."), OptionSpec("version", help: "Show the version."),
      ],
      notes: HelpText.exitCodes())
  }

  /// Runs `arguments` (without the program name); returns the exit code.
  public static func main(_ arguments: [String], console: Console = .standard) -> Int32 {
    FFmpegLog.silence()
    guard let command = arguments.first else {
      console.err(help)
      return ExitCode.usage.rawValue
    }
    let rest = Array(arguments.dropFirst())
    do throws(CommandFailure) {
      switch command {
      case "-h", "--help", "help":
        console.out(help)
      case "--version":
        console.out("clipmerge \(version)\n")
      case OverlayCommand.name:
        let parsed = try parse(rest, specs: OverlayCommand.specs)
        if parsed.flags.contains("help") {
          console.out(OverlayCommand.help)
          return ExitCode.success.rawValue
        }
        SignalTrap.install()
        let overlay: OverlayCommand
        do { overlay = try OverlayCommand(parsed) } catch { throw CommandFailure(error) }
        try overlay.run(console: console)
      default:
        throw CommandFailure("unknown command '\(command)'; see clipmerge --help", code: .usage)
      }
    } catch {
      console.err("clipmerge: error: \(error.message)\n")
      return error.code.rawValue
    }
    return ExitCode.success.rawValue
  }

  private static func parse(_ arguments: [String], specs: [OptionSpec]) throws(CommandFailure) -> ParsedArguments {
    do { return try ParsedArguments(arguments, specs: specs) } catch { throw CommandFailure(error) }
  }
}
