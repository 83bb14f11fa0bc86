import ClipMergeKit

/// Options for the output picture and sound that every command building a composition from clips shares (overlay
/// and concat): size, rate, background, how the first input fills the frame, the inputs' volume, effects on
/// every picture.
struct FrameOptions {
  var size: PixelSize?
  var frameDuration: MediaTime?
  var background: Color?
  var fit: FitMode?
  var anchor: FitAnchor?
  var volume: Double?
  var effects: [Effect] = []

  static let specs: [OptionSpec] = [
    OptionSpec(
      "size", value: "WxH", help: "Render size, even numbers (default: the first input's upright display size)."),
    OptionSpec("fps", value: "R", help: "Output frame rate: 30, 29.97 or 30000/1001 (default: the first input's)."),
    OptionSpec("background", value: "COLOR", help: "Colour where no picture is: #RRGGBB or a name (default black)."),
    OptionSpec(
      "fit", value: "MODE", choices: FitMode.allCases.map(\.rawValue),
      help:
        "How a clip fills the frame: contain (default: whole picture, bars), cover (fill, crop), stretch, or blur "
        + "(whole, over a blurred copy of itself)."),
    OptionSpec(
      "anchor", value: "SIDE", choices: FitAnchor.allCases.map(\.rawValue),
      help: "What part --fit cover keeps, or where --fit contain puts the picture: center (default), top, bottom, "
        + "left, right, top-left, top-right, bottom-left or bottom-right."),
    OptionSpec("volume", value: "V", help: "Volume of the inputs' own sound, 0-16 (default 1)."),
    OptionSpec(
      "effect", value: "NAME[=AMOUNT]", choices: Effect.Kind.allCases.map(\.rawValue),
      help: "An effect on every input's picture, repeatable, applied in order: brightness=-1..1 (0.1), contrast=0..4 "
        + "(1.2), saturation=0..4 (1.5), gamma=0.1..10 (1.5), grayscale=0..1 (1), sepia=0..1 (1), blur=0..100 pixels (4), "
        + "sharpen=0..5 (1), vignette=0..1 (0.5), lut=FILE.cube[,0..1]."),
  ]

  init(_ parsed: ParsedArguments) throws(UsageError) {
    size = try parsed.value("size", ValueSyntax.renderSize)
    frameDuration = try parsed.value("fps", ValueSyntax.frameRate)
    background = try parsed.value("background", ValueSyntax.color)
    fit = try parsed.value("fit", expected: "contain, cover, stretch or blur", FitMode.init(rawValue:))
    anchor = try parsed.value(
      "anchor", expected: FitAnchor.allCases.map(\.rawValue).joined(separator: ", "), FitAnchor.init(rawValue:))
    volume = try parsed.value("volume", expected: "a number from 0 to 16", ValueParsers.number(in: 0...16))
    for text in parsed.lists["effect"] ?? [] {
      guard let effect = Effect(parsing: text) else {
        throw UsageError("--effect: \(Effect.problem(parsing: text))")
      }
      effects.append(effect)
    }
  }
}
