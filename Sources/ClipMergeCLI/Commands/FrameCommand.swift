import ClipMergeKit
import Foundation

/// `clipmerge frame INPUT --at T -o frame.png`: a composition's (or a video's) picture at chosen times, or a
/// contact sheet of it, rendering only the frames it needs.
struct FrameCommand {
  static let name = "frame"
  static let acceptsRecipe = true

  static let specs: [OptionSpec] = [
    OptionSpec("at", value: "T", help: "A time to take the picture at (seconds or h:mm:ss); repeatable, or T,T,..."),
    OptionSpec("contact-sheet", value: "CxR", help: "A grid of C×R frames evenly over the length, with timecodes."),
    OptionSpec("width", value: "W", help: "The contact sheet's width in pixels (default 1280)."),
    OptionSpec(
      "output", short: "o", value: "FILE", help: "The picture: .png or .jpg (%d: the time's number), or - for stdout."),
    OptionSpec(
      "format", value: "NAME", choices: ImageFormat.allCases.map(\.rawValue),
      help: "png or jpeg (default: from the extension; png on standard output)."),
    RenderOptions.overwriteOption,
    RenderOptions.quietOption,
    OptionSpec("help", short: "h", help: "Show this help."),
  ]

  static var page: HelpPage {
    HelpPage(
      overview: "A composition's or a video's picture at chosen times, or a contact sheet, as PNG or JPEG.",
      usage: """
        clipmerge frame INPUT (--at T... | --contact-sheet CxR) -o OUTPUT
               clipmerge frame (--at T... | --contact-sheet CxR) -o OUTPUT -- overlay|concat ARGUMENTS
        """,
      arguments: [
        ("INPUT", "A video file, a composition spec (.json), or - for a spec on standard input."),
        ("-- overlay ...", "The arguments of an overlay or concat command instead (as its --print-spec)."),
      ],
      options: specs,
      notes: """
        Only the frames asked for are rendered: each time seeks to the keyframe before it and decodes on to it.
        A picture equals the full render's frame at that time, before the render's encoding. With several
        times, OUTPUT's %d is the time's number (1, 2, ...); without %d the number goes before the extension.

        Examples:
          clipmerge frame a.mp4 --at 1.5 -o frame.png
          clipmerge frame titles.json --at 0.5,2.5 -o title-%d.jpg
          clipmerge frame a.mp4 --contact-sheet 4x3 -o sheet.png
          clipmerge frame --at 2 -o pip.png -- overlay main.mp4 pip.mp4 --fade-in 1,1

        """)
  }

  var input: String?
  var recipe: [String]?
  var times: [MediaTime]
  var sheet: ContactSheet?
  var path: String
  var format: ImageFormat
  var overwrite: Bool
  var quiet: Bool

  init(_ parsed: ParsedArguments) throws(UsageError) {
    recipe = parsed.recipe
    guard parsed.positionals.count == (recipe == nil ? 1 : 0) else {
      throw UsageError(
        recipe == nil
          ? "frame takes one INPUT (a video or a spec), or -- overlay|concat ..."
          : "frame takes no INPUT before -- \(recipe?.first ?? "")")
    }
    input = parsed.positionals.first
    times = []
    for list in parsed.lists["at"] ?? [] {
      for text in list.split(separator: ",") {
        guard let time = ValueSyntax.time.parse(String(text)) else {
          throw UsageError("--at: expected \(ValueSyntax.time.expected), got '\(text)'")
        }
        times.append(time)
      }
    }
    guard times.count <= Self.mostTimes else {
      throw UsageError("--at: at most \(Self.mostTimes) times in one run, got \(times.count)")
    }
    let width = try parsed.value("width", expected: "a width from 160 to 8192") {
      Int($0).flatMap { (160...8192).contains($0) ? $0 : nil }
    }
    if let grid = parsed.values["contact-sheet"] {
      guard let sheet = ContactSheet(grid: grid, width: width ?? 1280) else {
        throw UsageError("--contact-sheet: expected COLUMNSxROWS from 1x1 to 20x20, got '\(grid)'")
      }
      self.sheet = sheet
    }
    guard times.isEmpty != (sheet == nil) else {
      throw UsageError("frame needs --at T or --contact-sheet CxR (one of them)")
    }
    guard let path = parsed.values["output"] else { throw UsageError("missing -o OUTPUT") }
    self.path = path
    let given = try parsed.value("format", expected: "png or jpeg") { ImageFormat(fileName: "." + $0) }
    guard let format = given ?? (path == "-" ? .png : ImageFormat(fileName: path)) else {
      throw UsageError("\(path): a picture is written as .png or .jpg (or give --format)")
    }
    self.format = format
    if path == "-" && times.count > 1 { throw UsageError("-o -: one picture at a time on standard output") }
    overwrite = parsed.flags.contains("overwrite")
    quiet = parsed.flags.contains("quiet")
  }

  func run(console: Console) throws(CommandFailure) {
    let composition = try loadComposition(console: console)
    let renderer: FrameRenderer
    do { renderer = try FrameRenderer(composition: composition) } catch { throw CommandFailure(error) }
    if let sheet {
      try writeSheet(sheet, renderer: renderer, composition: composition, console: console)
      return
    }
    let paths = times.indices.map { outputPath(index: $0 + 1) }
    try checkOutputs(paths, sources: readFiles(composition))
    // All the pictures or none: each is written to its temporary file, and they are moved into place together
    // once every one is made and no signal has come (a failure or a signal removes them all).
    var staged: [AtomicFile] = []
    for (time, path) in zip(times, paths) {
      if SignalTrap.isRaised { throw CommandFailure(EngineError.interrupted) }
      let bytes: [UInt8]
      do { bytes = try renderer.image(at: time, format: format) } catch { throw CommandFailure(error) }
      if path == "-" {
        StandardStream.out(Data(bytes))
        continue
      }
      do {
        let file = try AtomicFile(path: path, overwrite: overwrite)
        try file.write(Data(bytes))
        staged.append(file)
      } catch { throw CommandFailure(error) }
    }
    if SignalTrap.isRaised { throw CommandFailure(EngineError.interrupted) }
    for (index, file) in staged.enumerated() {
      do { try file.commit() } catch {
        // The ones already in place go too: a failed run leaves none of its pictures.
        for placed in staged[..<index] { unlink(placed.path) }
        throw CommandFailure(error)
      }
    }
    guard !quiet else { return }
    for (time, path) in zip(times, paths) where path != "-" {
      console.wrote(path, "the frame at \(renderer.frameTime(at: time).secondsText)")
    }
  }

  /// The most pictures one `--at` run makes (each is held in a temporary file until all are made).
  static let mostTimes = 500

  /// The composition: a spec, a video file (as `concat FILE` makes it), or the recipe's.
  private func loadComposition(console: Console) throws(CommandFailure) -> Composition {
    if let recipe { return try RecipeSpec.load(recipe, console: console).1 }
    let input = input ?? "-"
    if input == "-" || input.lowercased().hasSuffix(".json") { return try ComposeCommand.load(input).1 }
    return try RecipeSpec.load([ConcatCommand.name, input], console: console).1
  }

  private func writeSheet(
    _ sheet: ContactSheet, renderer: FrameRenderer, composition: Composition, console: Console
  ) throws(CommandFailure) {
    try checkOutputs([path], sources: readFiles(composition))
    guard let video = composition.video else { return }
    let scratch: TemporaryFolder
    do { scratch = try TemporaryFolder(purpose: "sheet") } catch { throw CommandFailure(error) }
    // Kept to the end of the sheet: its pictures are read when the page renders.
    defer { withExtendedLifetime(scratch) {} }
    let folder = scratch.path
    // Each cell is labelled with its picture's own time, which may be before its output frame's start.
    var times: [MediaTime] = []
    var pictures: [String] = []
    // Each picture is scaled to its cell as it is made: a sheet of 4K frames holds no 4K picture but the one
    // being made (100 of them took 3.7 GB).
    let cell = sheet.cellSize(frame: video.renderSize)
    do {
      for (k, time) in sheet.times(over: composition.outputDuration).enumerated() {
        if SignalTrap.isRaised { throw EngineError.interrupted }
        let picture = folder + "/\(k).png"
        let (bytes, shown) = try renderer.picture(at: time, format: .png, scaled: cell)
        try Data(bytes).write(to: URL(fileURLWithPath: picture))
        pictures.append(picture)
        times.append(shown)
      }
    } catch let error as EngineError {
      throw CommandFailure(error)
    } catch {
      throw CommandFailure("cannot write the sheet's pictures (\(error.localizedDescription))", code: .cannotCreate)
    }
    let spec: Data
    do {
      spec = try sheet.spec(
        pictures: pictures, times: times, frame: video.renderSize, pictureSize: cell, folder: folder)
    } catch {
      throw CommandFailure("cannot write the sheet's labels (\(error.localizedDescription))", code: .cannotCreate)
    }
    let page = try ComposeCommand.load(spec, base: folder, name: "the contact sheet").1
    let bytes: [UInt8]
    do { bytes = try FrameRenderer(composition: page).image(at: .zero, format: format) } catch {
      throw CommandFailure(error)
    }
    if SignalTrap.isRaised { throw CommandFailure(EngineError.interrupted) }
    try write(bytes, to: path, console: console)
    if !quiet && path != "-" {
      console.wrote(path, "\(sheet.columns)x\(sheet.rows) frames over \(composition.outputDuration.secondsText)")
    }
  }

  /// The file of the `index`th time: OUTPUT's %d replaced, or the number before the extension when there are
  /// several times and no %d.
  func outputPath(index: Int) -> String {
    if path.contains("%d") { return path.replacingOccurrences(of: "%d", with: String(index)) }
    guard times.count > 1 else { return path }
    let name = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
    guard let dot = path[name...].lastIndex(of: ".") else { return path + "-\(index)" }
    return path[..<dot] + "-\(index)" + path[dot...]
  }

  /// Every file the command reads: the composition's, and the spec it came from.
  private func readFiles(_ composition: Composition) -> [String] {
    composition.inputFiles + [input].compactMap { $0 == "-" ? nil : $0 }
  }

  /// Each picture's place checked as a render's output is, before anything is rendered.
  private func checkOutputs(_ paths: [String], sources: [String]) throws(CommandFailure) {
    for path in paths {
      try RenderRunner.checkOutput(path: path, sources: sources)
      if path != OutputRoute.standardOutputName {
        do { try AtomicFile.checkPlace(path, overwrite: overwrite) } catch { throw CommandFailure(error) }
      }
    }
  }

  /// The picture written whole or not at all.
  private func write(_ bytes: [UInt8], to path: String, console: Console) throws(CommandFailure) {
    if path == "-" {
      StandardStream.out(Data(bytes))
      return
    }
    do { try AtomicFile.write(Data(bytes), to: path, overwrite: overwrite) } catch { throw CommandFailure(error) }
  }
}
