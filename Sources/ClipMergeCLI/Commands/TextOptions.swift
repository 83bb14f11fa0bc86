import ClipMergeKit

/// Text and subtitles over the output, which every rendering command takes: titles (`--text`, repeatable) and a
/// subtitle file burned in (`--subtitles`, SRT and WebVTT in the default style, ASS in its own). The rule for many
/// titles: a `--text-*` option (or `--font`) after a `--text` belongs to that title; one before the first `--text`
/// sets the default of every title.
struct TextOptions {
  /// One `--text` and what follows it.
  struct Title {
    var text: String
    var range: TimeRange?
    var fade: MediaTime?
    var style: TextStyle
  }

  var titles: [Title] = []
  var subtitles: String?

  /// The options a title takes; each applies to the `--text` before it.
  static let titleOptions: Set<String> = [
    "text-at", "text-fade", "text-position", "font", "text-size", "text-color", "text-outline", "text-shadow",
    "text-box", "text-bold", "text-italic",
  ]

  static let specs: [OptionSpec] = [
    OptionSpec(
      "text", value: "TEXT",
      help: "Text over the output (\\n or a line break starts a new line); repeatable, the --text-* options after "
        + "each apply to it."),
    OptionSpec("text-at", value: "START,DURATION", help: "Show the text over [START, START+DURATION) only."),
    OptionSpec("text-fade", value: "SECONDS", help: "Fade the text in and out over SECONDS (default 0: none)."),
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
    subtitles = parsed.values["subtitles"]
    var defaults = Title(text: "", range: nil, fade: nil, style: TextStyle())
    var seenText = false
    var firstStyling: String?
    for (name, value) in parsed.sequence {
      if name == "text" {
        seenText = true
        var title = defaults
        title.text = (value ?? "").replacingOccurrences(of: "\\n", with: "\n")
        titles.append(title)
        continue
      }
      guard Self.titleOptions.contains(name) else { continue }
      if firstStyling == nil { firstStyling = name }
      if seenText {
        try Self.set(name, value, on: &titles[titles.count - 1])
      } else {
        try Self.set(name, value, on: &defaults)
      }
    }
    if titles.isEmpty, let option = firstStyling { throw UsageError("--\(option) needs --text") }
  }

  /// Sets option `name` (one of `titleOptions`) with `value` on `title`.
  private static func set(_ name: String, _ value: String?, on title: inout Title) throws(UsageError) {
    func parse<T>(_ expected: String, _ parse: (String) -> T?) throws(UsageError) -> T {
      guard let value, let parsed = parse(value) else {
        throw UsageError("--\(name): expected \(expected), got '\(value ?? "")'")
      }
      return parsed
    }
    switch name {
    case "text-at": title.range = try parse("START,DURATION with a duration above 0", ValueParsers.timeRange)
    case "text-fade": title.fade = try parse(ValueSyntax.length.expected, ValueSyntax.length.parse)
    case "text-position":
      title.style.position = try parse(ValueSyntax.textPosition.expected, ValueSyntax.textPosition.parse)
    case "font":
      guard let value, !value.isEmpty else { throw UsageError("--font: expected a font family name") }
      title.style.font = value
    case "text-size": title.style.size = try parse(ValueSyntax.textSize.expected, ValueSyntax.textSize.parse)
    case "text-color": title.style.color = try parse(ValueSyntax.textColor.expected, ValueSyntax.textColor.parse)
    case "text-outline": title.style.outline = try parse("pixels, 0 to 100", ValueParsers.number(in: 0...100))
    case "text-shadow": title.style.shadow = try parse("pixels, 0 to 100", ValueParsers.number(in: 0...100))
    case "text-box": title.style.box = try parse(ValueSyntax.textColor.expected, ValueSyntax.textColor.parse)
    case "text-bold": title.style.bold = true
    case "text-italic": title.style.italic = true
    default: break
    }
  }

  var isEmpty: Bool { titles.isEmpty && subtitles == nil }

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
    for title in titles {
      var style = title.style
      let installed = TextRendering.installedFamily(for: style.font)
      if installed.caseInsensitiveCompare(style.font) != .orderedSame {
        if !quiet {
          console.warning("--font: '\(style.font)' is not installed; using '\(installed)'")
        }
        style.font = installed
      }
      if !result.addDrawing(.text(title.text, style), over: title.range, fade: title.fade), !quiet {
        console.warning("--text-at: the text would show after the output ends, so it is not shown")
      }
    }
    return result
  }
}
