import ClipMergeKit

/// The `clipmerge` command line: dispatches to a command and turns every failure into one line on standard
/// error and a documented exit code.
public enum ClipMerge {
  public static let version = "0.1.0"
  /// The date the man page carries.
  static let releaseDate = "2026-11-30"

  static var page: HelpPage {
    HelpPage(
      overview: "Join, overlay and soundtrack video from the shell, on FFmpeg's libraries.",
      usage: "clipmerge <command> [arguments] [options]",
      arguments: CommandTable.entries.map { ($0.name, $0.summary) },
      options: [
        OptionSpec("help", short: "h", help: "Show this help (clipmerge COMMAND --help: a command's)."),
        OptionSpec("version", help: "Show the version."),
      ],
      notes: "")
  }

  static var help: String { page.text }

  /// Runs `arguments` (without the program name); returns the exit code. `trapsSignals`: whether a render turns
  /// SIGINT, SIGTERM and SIGHUP into a clean stop (the executable's way); a program or a test that runs commands
  /// in its own process passes false and keeps its own handlers.
  public static func main(_ arguments: [String], console given: Console = .standard, trapsSignals: Bool = true)
    -> Int32
  {
    var console = given
    // Read before parsing, so that even a usage error is a JSON line for the program that asked for them.
    console.reportsJSON = asksForJSONReports(arguments)
    // From the first moment: a signal while the command line is read is seen when the work would start.
    if trapsSignals { SignalTrap.install(json: console.reportsJSON) }
    // A failed write to standard output belongs to the run that made it.
    StandardStream.resetFailure()
    FFmpegLog.silence()
    MemoryTuning.keepLargeBuffers()
    defer { StdinSpool.cleanUp() }
    guard let command = arguments.first else {
      console.err(help)
      return ExitCode.usage.rawValue
    }
    do throws(CommandFailure) {
      try dispatch(command, Array(arguments.dropFirst()), console: console, trapsSignals: trapsSignals)
    } catch {
      if !error.alreadyReported {
        console.error(StdinSpool.userFacing(error.message), code: error.code.rawValue, argument: error.argument)
      }
      return error.code.rawValue
    }
    // What the command wrote could not all go out.
    return (StandardStream.failureCode ?? .success).rawValue
  }

  /// Whether the arguments ask for `--progress ndjson` (`--progress=ndjson`), before anything is parsed.
  static func asksForJSONReports(_ arguments: [String]) -> Bool {
    arguments.contains("--progress=ndjson")
      || zip(arguments, arguments.dropFirst()).contains { $0 == "--progress" && $1 == "ndjson" }
  }

  /// Runs `command` with its arguments `rest`.
  static func dispatch(_ command: String, _ rest: [String], console: Console, trapsSignals: Bool)
    throws(CommandFailure)
  {
    switch command {
    case "-h", "--help", "help":
      console.out(help)
    case "--version":
      console.out("clipmerge \(version)\n")
    default:
      guard let entry = CommandTable.entry(named: command) else {
        var unknown = CommandFailure("unknown command '\(command)'; see clipmerge --help", code: .usage)
        unknown.argument = 1
        throw unknown
      }
      try run(entry.type, rest, console: console, trapsSignals: trapsSignals)
    }
  }

  /// Parses `arguments` for `command`, prints its help when asked, else runs it.
  private static func run<C: Command>(
    _ command: C.Type, _ arguments: [String], console: Console, trapsSignals: Bool
  ) throws(CommandFailure) {
    let parsed: ParsedArguments
    do { parsed = try ParsedArguments(arguments, specs: C.specs, acceptsRecipe: C.acceptsRecipe) } catch {
      throw CommandFailure(error)
    }
    if parsed.flags.contains("help") {
      console.out(C.help)
      return
    }
    let instance: C
    do { instance = try C(parsed) } catch { throw CommandFailure(error) }
    // A signal that came while the command line was read is honoured before any work.
    if trapsSignals && SignalTrap.isRaised { throw CommandFailure(EngineError.interrupted) }
    try instance.run(console: console)
  }
}
