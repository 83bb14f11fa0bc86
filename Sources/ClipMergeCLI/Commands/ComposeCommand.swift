import ClipMergeKit
import Foundation

/// `clipmerge compose SPEC|-`: renders a declarative spec of the whole model (docs/spec.md).
struct ComposeCommand {
  static let name = "compose"

  static let specs: [OptionSpec] =
    RenderOptions.specs + TextOptions.specs + [
      OptionSpec(
        "rate", value: "R",
        help: "The frame rate an EDL's timecodes count: 25, 29.97 or 30000/1001 (EDLs only; default 24, OTIO's)."),
      OptionSpec("help", short: "h", help: "Show this help."),
    ]

  static var page: HelpPage {
    HelpPage(
      overview: "Render a composition spec: tracks of segments, layer instructions, audio mix, output settings.",
      usage: "clipmerge compose SPEC [-o OUTPUT] [options]",
      arguments: [
        (
          "SPEC",
          "A JSON spec (docs/spec.md), an OpenTimelineIO timeline (.otio, docs/otio.md), an editor's timeline "
            + "OTIO's adapters read (.edl, FCP 7 .xml, .fcpxml), or - to read a spec or .otio from standard input."
        )
      ],
      options: specs,
      notes: """
        Relative paths in the spec resolve against the spec's folder (the current folder for standard input).
        A spec with problems is refused before anything renders, every problem listed with its JSON path.
        -o overrides the spec's output.path; --crf, --preset and --no-faststart override its output settings.

        Examples:
          clipmerge compose titles.json -o out.mp4
          clipmerge compose titles.json --dry-run
          clipmerge compose edit.edl --rate 25 -o out.mp4
          clipmerge overlay a.mp4 b.mp4 --fade-in 1,1 --print-spec | clipmerge compose - -o out.mov --crf 18

        """)
  }

  var specPath: String
  /// The frame duration an EDL's timecodes count.
  var edlFrameDuration: MediaTime?
  var output: RenderOptions
  /// Text and subtitles over the output.
  var text: TextOptions

  init(_ parsed: ParsedArguments) throws(UsageError) {
    guard parsed.positionals.count == 1 else {
      throw UsageError("compose takes one SPEC (a file, or - for standard input); got \(parsed.positionals.count)")
    }
    specPath = parsed.positionals[0]
    edlFrameDuration = try parsed.value("rate", ValueSyntax.frameRate)
    output = try RenderOptions(parsed, pathRequired: false)
    text = try TextOptions(parsed)
  }

  func run(console: Console) throws(CommandFailure) {
    let (document, composition) = try Self.load(specPath, edlFrameDuration: edlFrameDuration)
    var output = self.output
    output.specPath = document.outputPath
    output.specContainer = document.outputContainer
    if output.path.isEmpty && document.outputPath == nil && !output.dryRun && !output.printSpec {
      throw CommandFailure("missing -o OUTPUT (the spec has no output.path)", code: .usage)
    }
    var resolved = composition
    resolved.export = output.apply(to: resolved.export)
    let name = Self.displayName(specPath)
    var runner = RenderRunner(console: console, output: output, text: text)
    if specPath != "-" { runner.readFiles = [specPath] }
    runner.wording = .spec(name: name, document: document)
    try runner.render(resolved)
  }

  static func displayName(_ specPath: String) -> String { specPath == "-" ? "<stdin>" : specPath }

  /// Reads and resolves a spec: every problem of form and every source that cannot be probed, each with its JSON
  /// path, in one failure (with the model's rules broken by the rest). The model's rules of a spec whose sources
  /// all probe are checked once, by the render.
  static func load(
    _ specPath: String, edlFrameDuration: MediaTime? = nil
  ) throws(CommandFailure) -> (SpecDocument, Composition) {
    let data: Data
    let base: String
    if specPath != "-", let adapter = EditorTimeline.adapter(for: specPath) {
      // An editor's timeline: OTIO's own adapter turns it into otio_json, read as any .otio file.
      do { try MediaProbe.checkReadable(specPath) } catch { throw CommandFailure(error) }
      do {
        data = try EditorTimeline.otioJSON(
          convertingFile: specPath, adapter: adapter, rate: edlFrameDuration.map { 1 / $0.seconds })
      } catch {
        switch error {
        case .adapterMissing(let why): throw CommandFailure("\(specPath): \(why)", code: .unavailable)
        case .unreadable(let why): throw CommandFailure("\(specPath): \(why)", code: .dataError)
        }
      }
      base = URL(fileURLWithPath: specPath).deletingLastPathComponent().path
    } else if specPath == "-" {
      data = FileHandle.standardInput.readDataToEndOfFile()
      base = FileManager.default.currentDirectoryPath
    } else {
      do { try MediaProbe.checkReadable(specPath) } catch { throw CommandFailure(error) }
      guard let contents = FileManager.default.contents(atPath: specPath) else {
        throw CommandFailure("\(specPath): cannot read the spec", code: .noInput)
      }
      data = contents
      base = URL(fileURLWithPath: specPath).deletingLastPathComponent().path
    }
    return try load(data, base: base, name: displayName(specPath))
  }

  /// A spec's text read, its sources probed and the composition checked; problems are named after `name`.
  static func load(_ data: Data, base: String, name: String) throws(CommandFailure) -> (SpecDocument, Composition) {
    let document: SpecDocument
    do {
      document =
        try OTIODecoder.isTimeline(data)
        ? OTIODecoder.decode(data, baseDirectory: base) : SpecDecoder.decode(data, baseDirectory: base)
    } catch {
      throw Self.failure(name, error.problems)
    }
    var problems = document.problems
    var infos: [SourceID: MediaInfo] = [:]
    var failed = Set<SourceID>()
    // Sources missing or unreadable, and nothing else wrong, make the exit 66, as for a clip on the command line.
    var unreadable = 0
    for source in document.composition.sources {
      if source.drawing != nil {
        // Drawn: text needs nothing from a file; a subtitle file must read.
        guard case .subtitles = source.drawing else { continue }
        do { try TextRendering.checkSubtitles(path: source.path) } catch {
          failed.insert(source.id)
          let reason: String
          switch error {
          case .inputUnreadable(_, let why):
            unreadable += 1
            reason = why
          case .invalidInput(_, let why): reason = why
          default: reason = error.description
          }
          problems.append(
            SpecProblem(
              path: document.sourcePaths[source.id] ?? "",
              message: "\(reason) '\(document.sourceNames[source.id] ?? source.path)'"))
        }
        continue
      }
      do {
        infos[source.id] = try MediaProbe.probe(source.path)
      } catch {
        failed.insert(source.id)
        let reason: String
        switch error {
        case .inputUnreadable(_, let why):
          unreadable += 1
          reason = "\(why) '\(document.sourceNames[source.id] ?? source.path)'"
        case .invalidInput(_, let why):
          reason = "\(why) '\(document.sourceNames[source.id] ?? source.path)'"
        default: reason = error.description
        }
        problems.append(SpecProblem(path: document.sourcePaths[source.id] ?? "", message: reason))
      }
    }
    if !failed.isEmpty {
      let checked = document.without(sources: failed)
      for rule in checked.resolved(with: infos).problems() where rule != .emptyComposition {
        problems.append(SpecProblem(path: checked.location(of: rule), message: checked.renumbered(rule).description))
      }
    }
    if !problems.isEmpty {
      throw Self.failure(name, problems, code: unreadable == problems.count ? .noInput : .dataError)
    }
    return (document, document.resolved(with: infos))
  }

  /// One line per problem, `SPEC: JSON.PATH: problem`, exit 65 (66 when only sources are missing or unreadable).
  static func failure(_ name: String, _ problems: [SpecProblem], code: ExitCode = .dataError) -> CommandFailure {
    CommandFailure(problems.map { "\(name): \($0)" }.joined(separator: "\nclipmerge: error: "), code: code)
  }
}
