import Composition
import Engine

/// Text and subtitles over the output, which every rendering command takes: one title (`--text`, styled by the
/// `--text-*` options and `--font`) and a subtitle file burned in (`--subtitles`, SRT and WebVTT in the default
/// style, ASS in its own). Many texts: the spec.
struct TextOptions {
  var text: String?
  var range: TimeRange?
  var style = TextStyle()
  var subtitles: String?

  static let specs: [OptionSpec] = [
    OptionSpec("text", value: "TEXT", help: "Text over the output (\\n or a line break starts a new line)."),
    OptionSpec("text-at", value: "START,DURATION", help: "Show the text over [START, START+DURATION) only."),
    OptionSpec(
      "text-position", value: "P", choices: TextPosition.allCases.map(\.rawValue),
      help: "bottom (default), top, center, left, right, top-left, top-right, bottom-left, bottom-right."),
    OptionSpec("font", value: "NAME", help: "Font family for the text (default DejaVu Sans)."),
    OptionSpec("text-size", value: "SIZE", help: "Pixels (48) or a share of the frame height (5%, the default)."),
    OptionSpec("text-color", value: "COLOR", help: "Text colour, #RRGGBB, a name, or with @ALPHA (default white)."),
    OptionSpec(
      "text-outline", value: "PX", help: "Outline width in pixels, 0 for none (default a twelfth of the size)."),
    OptionSpec("text-shadow", value: "PX", help: "Shadow offset in pixels (default 0)."),
    OptionSpec("text-box", value: "COLOR", help: "A box behind the text instead of an outline (black@0.6)."),
    OptionSpec("text-bold", help: "Bold text."),
    OptionSpec("text-italic", help: "Italic text."),
    OptionSpec("subtitles", value: "FILE", help: "Burn in SRT, WebVTT or ASS subtitles, timed on the output."),
  ]

  init(_ parsed: ParsedArguments) throws(UsageError) {
    text = parsed.values["text"].map { $0.replacingOccurrences(of: "\\n", with: "\n") }
    range = try parsed.value("text-at", expected: "START,DURATION with a duration above 0", ValueParsers.timeRange)
    subtitles = parsed.values["subtitles"]
    if text == nil {
      let styling = [
        "text-at", "text-position", "font", "text-size", "text-color", "text-outline", "text-shadow", "text-box",
      ]
      if let option = styling.first(where: { parsed.values[$0] != nil })
        ?? ["text-bold", "text-italic"].first(where: parsed.flags.contains)
      {
        throw UsageError("--\(option) needs --text")
      }
    }
    if let position = try parsed.value("text-position", ValueSyntax.textPosition) {
      style.position = position
    }
    if let font = parsed.values["font"] {
      guard !font.isEmpty else { throw UsageError("--font: expected a font family name") }
      style.font = font
    }
    if let size = try parsed.value("text-size", ValueSyntax.textSize) {
      style.size = size
    }
    if let color = try parsed.value(
      "text-color", ValueSyntax.textColor)
    {
      style.color = color
    }
    style.outline = try parsed.value("text-outline", expected: "pixels, 0 to 100", ValueParsers.number(in: 0...100))
    if let shadow = try parsed.value("text-shadow", expected: "pixels, 0 to 100", ValueParsers.number(in: 0...100)) {
      style.shadow = shadow
    }
    style.box = try parsed.value("text-box", ValueSyntax.textColor)
    style.bold = parsed.flags.contains("text-bold")
    style.italic = parsed.flags.contains("text-italic")
  }

  var isEmpty: Bool { text == nil && subtitles == nil }

  /// `composition` with the subtitles and the text on top of every layer (the text above the subtitles). The
  /// subtitle file is read now, so a bad one fails before anything renders; a font that is not installed falls
  /// back to the default, with a warning naming both.
  func apply(to composition: Composition, console: Console, quiet: Bool) throws(CommandFailure) -> Composition {
    var result = composition
    if let original = subtitles {
      let path = try StdinSpool.resolve(original)
      do { try TextRendering.checkSubtitles(path: path) } catch { throw CommandFailure(error) }
      if !result.addDrawing(.subtitles(TextStyle()), path: path), !quiet {
        console.warning("\(path): no picture to burn the subtitles into")
      }
    }
    if let text {
      var style = self.style
      let installed = TextRendering.installedFamily(for: style.font)
      if installed.caseInsensitiveCompare(style.font) != .orderedSame {
        if !quiet {
          console.warning("--font: '\(style.font)' is not installed; using '\(installed)'")
        }
        style.font = installed
      }
      if !result.addDrawing(.text(text, style), over: range), !quiet {
        console.warning("--text-at: the text would show after the output ends, so it is not shown")
      }
    }
    return result
  }
}
