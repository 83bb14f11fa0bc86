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
    var name: String { type.name }
  }

  static let entries: [Entry] = [
    Entry(type: OverlayCommand.self, summary: "Picture-in-picture of two clips.", operands: .files),
    Entry(type: ConcatCommand.self, summary: "Clips one after another, with a soundtrack.", operands: .files),
    Entry(type: ComposeCommand.self, summary: "Render a JSON spec of the whole model.", operands: .files),
    Entry(type: ProbeCommand.self, summary: "Describe media files, as text or JSON.", operands: .files),
    Entry(
      type: FrameCommand.self, summary: "Pictures at chosen times, or a contact sheet, rendering only those frames.",
      operands: .files),
    Entry(type: PlanCommand.self, summary: "Cut a render into segments to run on many machines.", operands: .files),
    Entry(
      type: SegmentCommand.self, summary: "Render one segment of a planned job (a line of its jobs.txt).",
      operands: .folders),
    Entry(type: JoinCommand.self, summary: "Join a planned job's segments into one output.", operands: .folders),
    Entry(
      type: CompletionsCommand.self, summary: "Print the shell completions for bash, zsh or fish.",
      operands: .shells),
    Entry(
      type: ManPageCommand.self, summary: "Print the manual page (roff), as man clipmerge shows it.", operands: .files),
  ]

  static func entry(named name: String) -> Entry? { entries.first { $0.name == name } }
}
