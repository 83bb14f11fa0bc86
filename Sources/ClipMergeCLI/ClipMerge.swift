import Engine

/// The `clipmerge` command line: dispatches to a command and turns every failure into one line on standard
/// error and a documented exit code.
public enum ClipMerge {
  public static let version = "0.1.0"

  static var help: String {
    HelpText.render(
      overview: "Join, overlay and soundtrack video from the shell, on FFmpeg's libraries.",
      usage: "clipmerge <command> [arguments] [options]",
      arguments: [
        ("overlay", "Picture-in-picture of two clips (clipmerge overlay --help)."),
        ("concat", "Clips one after another, with a soundtrack (clipmerge concat --help)."),
        ("compose", "Render a JSON spec of the whole model (clipmerge compose --help)."),
        ("probe", "Describe media files, as text or JSON (clipmerge probe --help)."),
        ("plan", "Cut a render into segments to run on many machines (clipmerge plan --help)."),
        ("segment", "Render one segment of a planned job (a line of its jobs.txt)."),
        ("join", "Join a planned job's segments into one output (clipmerge join --help)."),
      ],
      options: [
        OptionSpec("help", short: "h", help: "Show this help."), OptionSpec("version", help: "Show the version."),
      ],
      notes: HelpText.exitCodes())
  }

  /// Runs `arguments` (without the program name); returns the exit code.
  public static func main(_ arguments: [String], console: Console = .standard) -> Int32 {
    FFmpegLog.silence()
    MemoryTuning.keepLargeBuffers()
    defer { StdinSpool.cleanUp() }
    guard let command = arguments.first else {
      console.err(help)
      return ExitCode.usage.rawValue
    }
    do throws(CommandFailure) {
      try dispatch(command, Array(arguments.dropFirst()), console: console)
    } catch {
      if !error.alreadyReported { console.err("clipmerge: error: \(StdinSpool.userFacing(error.message))\n") }
      return error.code.rawValue
    }
    return ExitCode.success.rawValue
  }

  /// Runs `command` with its arguments `rest`.
  static func dispatch(_ command: String, _ rest: [String], console: Console) throws(CommandFailure) {
    switch command {
    case "-h", "--help", "help":
      console.out(help)
    case "--version":
      console.out("clipmerge \(version)\n")
    case OverlayCommand.name:
      try run(OverlayCommand.self, rest, console: console)
    case ConcatCommand.name:
      try run(ConcatCommand.self, rest, console: console)
    case ProbeCommand.name:
      try run(ProbeCommand.self, rest, console: console)
    case ComposeCommand.name:
      try run(ComposeCommand.self, rest, console: console)
    case PlanCommand.name:
      try run(PlanCommand.self, rest, console: console)
    case SegmentCommand.name:
      try run(SegmentCommand.self, rest, console: console)
    case JoinCommand.name:
      try run(JoinCommand.self, rest, console: console)
    default:
      throw CommandFailure("unknown command '\(command)'; see clipmerge --help", code: .usage)
    }
  }

  /// Parses `arguments` for `command`, prints its help when asked, else runs it.
  private static func run<C: Command>(_ command: C.Type, _ arguments: [String], console: Console) throws(CommandFailure)
  {
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
    SignalTrap.install()
    try instance.run(console: console)
  }
}
