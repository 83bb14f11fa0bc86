import ClipMergeKit
import Foundation

/// `clipmerge join JOBDIR -o OUTPUT`: the segments of a planned job joined by stream copy, the audio rendered
/// once over the whole timeline.
struct JoinCommand {
  static let name = "join"

  static let specs: [OptionSpec] = [
    OptionSpec(
      "output", short: "o", value: "FILE", help: "Output file (.mov .mp4 .m4v .mkv .ts), or - for standard output."),
    OptionSpec(
      "format", value: "NAME", choices: ["mov", "mp4", "mkv", "mpegts"],
      help: "mov, mp4, mkv or mpegts (default: from the extension)."),
    RenderOptions.overwriteOption,
    RenderOptions.quietOption,
    OptionSpec("help", short: "h", help: "Show this help."),
  ]

  static var page: HelpPage {
    HelpPage(
      overview: "Join the rendered segments of a job made by clipmerge plan into one output.",
      usage: "clipmerge join JOBDIR -o OUTPUT", arguments: [("JOBDIR", "The job folder.")], options: specs,
      notes: """
        Every segment must be there, complete, and made with the same settings from the same inputs; otherwise one
        line per problem names the segment, the exit code is 65, and nothing is written.

        """)
  }

  var folder: String
  var path: String
  var format: Container?
  var overwrite: Bool
  var quiet: Bool

  init(_ parsed: ParsedArguments) throws(UsageError) {
    guard parsed.positionals.count == 1 else { throw UsageError("join takes one JOBDIR") }
    folder = parsed.positionals[0]
    guard let path = parsed.values["output"] else { throw UsageError("missing -o OUTPUT") }
    self.path = path
    format = try parsed.value("format", expected: "mov, mp4, mkv or mpegts") { Container(pathExtension: $0) }
    overwrite = parsed.flags.contains("overwrite")
    quiet = parsed.flags.contains("quiet")
  }

  func run(console: Console) throws(CommandFailure) {
    let manifest = try JobManifest.read(folder: folder)
    let composition = try manifest.composition()
    let route: OutputRoute
    do {
      route = try OutputRoute.decide(path: path, commandLinePath: true, format: format, specContainer: nil)
    } catch { throw CommandFailure(error.description, code: .usage) }
    // Every file the join reads: the plan's inputs, its spec and manifest, the parts.
    let parts = manifest.segments.map(\.path) + [manifest.audio].compactMap { $0 }
    try RenderRunner.checkOutput(
      path: path, sources: composition.inputFiles + parts + [manifest.spec, JobManifest.path(in: manifest.root)])
    let joiner = SegmentJoiner(
      composition: composition,
      segments: manifest.segments.map { .init(path: $0.path, frames: $0.firstFrame..<$0.endFrame) },
      audio: manifest.audio, route: route, overwrite: overwrite, plan: manifest.plan)
    let problems: [String]
    do { problems = try joiner.problems() } catch { throw CommandFailure(error) }
    if !problems.isEmpty {
      throw CommandFailure(problems.joined(separator: "\nclipmerge: error: "), code: .dataError)
    }
    let report: ExportReport
    do { report = try joiner.run(checked: true, isCancelled: { SignalTrap.isRaised }) } catch {
      throw CommandFailure(error)
    }
    if !quiet {
      console.wrote(
        report.path,
        "\(report.duration.secondsText), \(report.videoFrames) frames from \(manifest.segments.count) segments, "
          + "\(report.audioSamples) audio samples")
    }
  }
}
