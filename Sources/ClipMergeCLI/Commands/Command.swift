/// A `clipmerge` subcommand: its option table and help, how it reads its arguments, and what it does.
protocol Command: SendableMetatype {
  static var name: String { get }
  static var specs: [OptionSpec] { get }
  static var page: HelpPage { get }
  init(_ parsed: ParsedArguments) throws(UsageError)
  func run(console: Console) throws(CommandFailure)
  /// Whether it takes `-- overlay ...` or `-- concat ...` for its spec (`RecipeSpec`).
  static var acceptsRecipe: Bool { get }
}

extension Command {
  static var acceptsRecipe: Bool { false }
  /// The page with what the command does not take, from `CommandTable`.
  static var fullPage: HelpPage {
    var page = self.page
    page.notTaken = CommandTable.entry(named: name)?.notTakenLines ?? []
    return page
  }

  static var help: String { fullPage.text }
}

extension OverlayCommand: Command {}
extension ConcatCommand: Command {}
extension ProbeCommand: Command {}
extension ScenesCommand: Command {}
extension ComposeCommand: Command {}
extension PlanCommand: Command {}
extension SegmentCommand: Command {}
extension JoinCommand: Command {}
extension FrameCommand: Command {}
extension CompletionsCommand: Command {}
extension ManPageCommand: Command {}
