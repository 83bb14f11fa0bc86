import ClipMergeKit
import Foundation

/// A composition given as an `overlay` or `concat` command line instead of a spec file: commands that take a
/// SPEC (plan, frame) also take `-- overlay A B [options]` or `-- concat CLIP... [options]`. The command prints
/// the spec it would render (`--print-spec`), which is then read as `compose` reads a file: one way from a
/// command line to a composition.
enum RecipeSpec {
  /// The commands whose arguments can stand for a spec.
  static let commands: Set<String> = [OverlayCommand.name, ConcatCommand.name]

  /// The spec `recipe` (a command and its arguments) prints, read and checked.
  static func load(_ recipe: [String], console: Console) throws(CommandFailure) -> (SpecDocument, Composition) {
    guard let command = recipe.first, commands.contains(command) else {
      throw CommandFailure("expected overlay or concat arguments after --", code: .usage)
    }
    var printed = ""
    let capture = Console(out: { printed += $0 }, err: console.err, errIsTerminal: false)
    do {
      try ClipMerge.dispatch(
        command, Array(recipe.dropFirst()) + ["--print-spec"], console: capture, trapsSignals: false)
    } catch {
      // The recipe's positions count from its own command, not from clipmerge's.
      var failure = error
      failure.argument = nil
      throw failure
    }
    return try ComposeCommand.load(
      Data(printed.utf8), base: FileManager.default.currentDirectoryPath, name: "clipmerge \(command)")
  }
}
