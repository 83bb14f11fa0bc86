import ClipMergeKit

/// `clipmerge overlay BASE OVERLAY -o OUTPUT`: picture-in-picture.
struct OverlayCommand {
  static let name = "overlay"

  static let specs: [OptionSpec] =
    [
      OptionSpec(
        "scale", value: "S", help: "Overlay size as a fraction of its size fitted to the frame (default 0.5)."),
      OptionSpec(
        "position", value: "P", choices: ["top-right", "top-left", "bottom-left", "bottom-right", "center"],
        help: "top-right (default), top-left, bottom-left, bottom-right, center, or X,Y (top-left corner in pixels)."),
      OptionSpec("margin", value: "N", help: "Pixels from the edges for named positions (default 0)."),
      OptionSpec("rotate", value: "DEG", help: "Turn the overlay DEG degrees clockwise about its centre."),
      OptionSpec("opacity", value: "A", help: "Overlay opacity, 0-1 (default 1)."),
      OptionSpec(
        "fade-in", value: "START,DURATION", help: "Overlay opacity ramps from 0 over [START, START+DURATION)."),
      OptionSpec("fade-out", value: "START,DURATION", help: "Overlay opacity ramps to 0 over [START, START+DURATION)."),
    ] + FrameOptions.specs + [
      OptionSpec(
        "audio", value: "MODE", choices: ["mix", "base", "overlay", "none"],
        help: "mix (default), base, overlay or none.")
    ] + RenderOptions.specs + TextOptions.specs + [OptionSpec("help", short: "h", help: "Show this help.")]

  static var page: HelpPage {
    HelpPage(
      overview: "Picture-in-picture: OVERLAY scaled and placed on top of BASE, audio of both mixed.",
      usage:
        "clipmerge overlay BASE OVERLAY -o OUTPUT [options]\n       clipmerge overlay BASE --text TEXT -o OUTPUT [options]",
      arguments: [
        ("BASE", "Fills the frame; BASE#t=START,END uses that part of it (file:NAME takes NAME whole)."),
        ("OVERLAY", "Drawn on top of BASE: a clip, or a picture (PNG, JPEG, ...) that lasts as long as BASE."),
      ],
      options: specs,
      notes: """
        Times are seconds (2.9) or [hh:]mm:ss[.frac]. The output lasts as long as the longer input; where BASE
        has ended the background shows, where OVERLAY has ended it is no longer drawn. --effect applies to both
        pictures; an input's own &effect=NAME[=AMOUNT] in its fragment to it alone ('b.mp4#effect=grayscale'),
        and BASE#fit=MODE fits the base its own way.

        Examples:
          clipmerge overlay a.mp4 b.mp4 --effect sepia --effect vignette=0.6 -o out.mp4

        """)
  }

  var base: ClipReference
  /// Nil when only text or subtitles go over BASE.
  var overlay: ClipReference?
  var output: RenderOptions
  /// Text and subtitles over the output.
  var text: TextOptions
  var settings: OverlaySettings

  init(_ parsed: ParsedArguments) throws(UsageError) {
    output = try RenderOptions(parsed)
    text = try TextOptions(parsed)
    // With --text or --subtitles the overlay is the text: OVERLAY may be left out.
    let inputs = text.isEmpty ? 2...2 : 1...2
    guard inputs.contains(parsed.positionals.count) else {
      throw UsageError("overlay takes two inputs, BASE and OVERLAY; got \(parsed.positionals.count)")
    }
    var clips: [ClipReference] = []
    for text in parsed.positionals {
      guard let clip = ClipReference(parsing: text) else {
        throw UsageError("'\(text)': \(ClipReference.problem(parsing: text) ?? "not a clip")")
      }
      if clip.zoom != nil { throw UsageError("'\(text)': zoom= is for concat's clips (overlay has --scale)") }
      if clip.fit != nil && !clips.isEmpty {
        throw UsageError("'\(text)': fit= fits the base clip; the overlay is placed by --scale and --position")
      }
      clips.append(clip)
    }
    base = clips[0]
    overlay = clips.count == 2 ? clips[1] : nil
    let scale = try parsed.value(
      "scale", expected: "a number above 0 and at most 16", ValueParsers.number(in: 0.001...16))
    let position = try parsed.value(
      "position", expected: "top-left, top-right, bottom-left, bottom-right, center or X,Y (pixels, -100000 to 100000)",
      OverlayPosition.init(parsing:))
    let margin = try parsed.value(
      "margin", expected: "a number of pixels from 0 to 16384", ValueParsers.number(in: 0...16384))
    let rotation = try parsed.value("rotate", expected: "degrees", ValueParsers.number(in: -36000...36000))
    let opacity = try parsed.value("opacity", expected: "a number from 0 to 1", ValueParsers.number(in: 0...1))
    let fadeIn = try parsed.value("fade-in", expected: "START,DURATION with a duration above 0", ValueParsers.timeRange)
    let fadeOut = try parsed.value(
      "fade-out", expected: "START,DURATION with a duration above 0", ValueParsers.timeRange)
    let frame = try FrameOptions(parsed)
    let audio = try parsed.value("audio", expected: "mix, base, overlay or none", AudioChoice.init(rawValue:))
    if let fadeIn, let fadeOut, fadeIn.overlaps(fadeOut) {
      throw UsageError("--fade-in and --fade-out overlap in time")
    }
    settings = OverlaySettings(
      scale: scale, position: position, margin: margin, rotation: rotation, opacity: opacity, fadeIn: fadeIn,
      fadeOut: fadeOut, frame: frame, audio: audio, export: output.export)
  }

  /// Probes both inputs and builds the composition.
  func makeComposition() throws(CommandFailure) -> Composition {
    let basePath = try StdinSpool.resolve(base.path)
    let overlayPath = try overlay.map { clip throws(CommandFailure) in try StdinSpool.resolve(clip.path) }
    let baseInfo = try RenderRunner.probe(basePath)
    let overlayInfo = try overlayPath.map { path throws(CommandFailure) in try RenderRunner.probe(path) } ?? baseInfo
    for (path, info) in [(basePath, baseInfo), (overlayPath ?? basePath, overlayInfo)] where info.video == nil {
      throw CommandFailure("\(path): \(info.unusableVideo ?? "no video stream")", code: .dataError)
    }
    var recipe = OverlayRecipe(
      base: Source(id: SourceID(0), path: basePath, info: baseInfo),
      overlay: Source(id: SourceID(1), path: overlayPath ?? basePath, info: overlayInfo))
    settings.apply(to: &recipe)
    recipe.baseTrim = base
    recipe.overlayTrim = overlay ?? ClipReference(path: "")
    recipe.showsOverlay = overlayPath != nil
    return recipe.makeComposition()
  }

  func run(console: Console) throws(CommandFailure) {
    try RenderRunner(console: console, output: output, text: text).render(makeComposition())
  }
}
