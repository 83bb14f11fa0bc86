/// Every command, in the order `--help` lists them: what runs it, a line that says what it does, and what its
/// arguments are. The one table behind dispatch, the main help, the shell completions and the man page.
enum CommandTable {
  /// What a command's plain arguments are, for completion.
  enum Operands {
    case files, folders, shells
  }

  struct Entry: Sendable {
    var type: any Command.Type
    var summary: String
    var operands: Operands
    /// Options other commands take that this one does not, and why (its `--help` says so).
    var notTaken: [(why: String, options: [String])] = []
    /// Why it does not take any other command's option.
    var otherwise = "it belongs to another command's job"
    var name: String { type.name }

    /// What its `--help` says it does not take: its own list, and the options of the commands that build a
    /// composition from clips that it lacks.
    var notTakenLines: [(options: String, why: String)] {
      var lines = notTaken.map { (options: $0.options.map { "--" + $0 }.joined(separator: ", "), why: $0.why) }
      let listed = Set(notTaken.flatMap(\.options))
      let missing = CommandTable.renderOptions.filter { whyNot($0) != nil && !listed.contains($0) }
      if !missing.isEmpty { lines.append((missing.map { "--" + $0 }.joined(separator: ", "), otherwise)) }
      return lines
    }

    /// Why the command does not take `option`; nil when it does.
    func whyNot(_ option: String) -> String? {
      if type.specs.contains(where: { $0.name == option }) { return nil }
      return notTaken.first { $0.options.contains(option) }?.why ?? otherwise
    }
  }

  /// The options of the commands that build a composition from clips, which the others answer for.
  static let renderOptions = ["size", "fps", "background", "fit", "volume", "audio", "effect"]

  /// Options whose meaning differs between commands on purpose, and how; every other option means the same
  /// wherever it is taken (a test holds this).
  static let differences: [String: String] = [
    "audio": "which sound is heard; its values name the command's own inputs (overlay: base, overlay; concat: "
      + "clips, soundtrack); mix and none mean the same on both",
    "output": "frame writes a picture (.png, .jpg); join writes what stream copy of its segments allows",
    "format": "frame's formats are picture formats; join's are the containers its segments' video can be copied into",
    "threads": "plan writes it into every job line instead of using it",
    "json": "probe prints each file's description as JSON; scenes prints its scenes as a JSON array",
  ]

  static let entries: [Entry] = [
    Entry(
      type: OverlayCommand.self, summary: "Picture-in-picture of two clips.", operands: .files,
      notTaken: [
        (
          "two inputs over each other have no joint, and a picture lasts as long as the other input",
          ["transition", "transition-easing", "image-duration"]
        ),
        (
          "music goes under a join (concat --soundtrack) or on an audio track of a spec",
          ["soundtrack", "soundtrack-volume", "soundtrack-fade-out", "soundtrack-loop"]
        ),
        ("a picture-in-picture is always drawn: there is nothing to copy", ["copy"]),
      ]),
    Entry(
      type: ConcatCommand.self, summary: "Clips one after another, with a soundtrack.", operands: .files,
      notTaken: [
        (
          "clips follow one another, each filling the frame: there is no layer to place (a spec places layers)",
          ["scale", "position", "margin", "rotate", "opacity", "fade-in", "fade-out"]
        )
      ]),
    Entry(
      type: ComposeCommand.self, summary: "Render a JSON spec of the whole model.", operands: .files,
      notTaken: [
        (
          "the spec says it (video.renderSize, frameRate, background, layer transforms and opacity, audioMix)",
          renderOptions
        )
      ],
      otherwise: "the spec says it (its layers, transitions, soundtrack and every setting of the composition)"),
    Entry(
      type: ProbeCommand.self, summary: "Describe media files, as text or JSON.", operands: .files,
      otherwise: "it describes files and renders nothing"),
    Entry(
      type: FrameCommand.self, summary: "Pictures at chosen times, or a contact sheet, rendering only those frames.",
      operands: .files,
      otherwise: "give the overlay or concat options after -- (a picture has no encoder and no sound)"),
    Entry(
      type: ScenesCommand.self, summary: "Find where a video's scenes change, as JSON, CSV or text.",
      operands: .files, otherwise: "it finds scenes and renders nothing"),
    Entry(
      type: PlanCommand.self, summary: "Cut a render into segments to run on many machines.", operands: .files,
      otherwise: "give the overlay or concat options after --, or put them in the spec"),
    Entry(
      type: SegmentCommand.self, summary: "Render one segment of a planned job (a line of its jobs.txt).",
      operands: .folders, otherwise: "a segment renders as its job's plan says"),
    Entry(
      type: JoinCommand.self, summary: "Join a planned job's segments into one output.", operands: .folders,
      otherwise: "it copies what the segments hold; the plan decided the rest"),
    Entry(
      type: CompletionsCommand.self, summary: "Print the shell completions for bash, zsh or fish.",
      operands: .shells, otherwise: "it prints a script"),
    Entry(
      type: ManPageCommand.self, summary: "Print the manual page (roff), as man clipmerge shows it.", operands: .files,
      otherwise: "it prints the manual"),
  ]

  /// Every option of every command against every command, as a Markdown table (docs/options.md): yes, or the
  /// number of the reason it is not taken.
  static func optionsTable() -> String {
    var names: [String] = []
    for entry in entries {
      for spec in entry.type.specs where spec.name != "help" && !names.contains(spec.name) { names.append(spec.name) }
    }
    var reasons: [String] = []
    var text = """
      # Every option against every command

      Generated by `clipmerge man-page --options-table` from the option tables that drive parsing, `--help`, the
      completions and the man page (a test fails when this file is not what they say). "yes": the command takes
      the option, with the same meaning everywhere except where noted below the table; "no (n)": it does not, for
      reason n.


      """
    text += "| option | " + entries.map { "`\($0.name)`" }.joined(separator: " | ") + " |\n"
    text += "|---|" + String(repeating: "---|", count: entries.count) + "\n"
    for name in names {
      var row = "| `--\(name)` |"
      for entry in entries {
        if let why = entry.whyNot(name) {
          let reason = "\(entry.name): \(why)"
          if !reasons.contains(reason) { reasons.append(reason) }
          row += " no (\(reasons.firstIndex(of: reason)! + 1)) |"
        } else {
          row += " yes |"
        }
      }
      text += row + "\n"
    }
    text += "\nWhy not:\n\n"
    for (k, reason) in reasons.enumerated() { text += "\(k + 1). \(reason)\n" }
    text += "\nThe same name, a different meaning on purpose:\n\n"
    for (name, how) in differences.sorted(by: { $0.key < $1.key }) { text += "- `--\(name)`: \(how)\n" }
    return text
  }

  static func entry(named name: String) -> Entry? { entries.first { $0.name == name } }
}
