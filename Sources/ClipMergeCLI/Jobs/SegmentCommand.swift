import Composition
import Engine
import Foundation

/// `clipmerge segment JOBDIR K`: renders segment K of a planned job (a line of jobs.txt). Idempotent: a
/// segment already complete is left as it is; one half-written is never there (written atomically).
struct SegmentCommand {
  static let name = "segment"

  static let specs: [OptionSpec] = [
    OptionSpec("strict", help: "Fail on any damaged packet in an input."),
    OptionSpec("help", short: "h", help: "Show this help."),
  ]

  static var help: String {
    HelpText.render(
      overview: "Render one segment of a job made by clipmerge plan (what a line of jobs.txt runs).",
      usage: "clipmerge segment JOBDIR K", arguments: [("JOBDIR", "The job folder."), ("K", "The segment, from 0.")],
      options: specs, notes: HelpText.exitCodes())
  }

  var folder: String
  var index: Int
  var strict: Bool

  init(_ parsed: ParsedArguments) throws(UsageError) {
    guard parsed.positionals.count == 2, let index = Int(parsed.positionals[1]), index >= 0 else {
      throw UsageError("segment takes a JOBDIR and a segment number K (0, 1, ...)")
    }
    folder = parsed.positionals[0]
    self.index = index
    strict = parsed.flags.contains("strict")
  }

  func run(console: Console) throws(CommandFailure) {
    let manifest = try JobManifest.read(folder: folder)
    guard manifest.segments.indices.contains(index) else {
      throw CommandFailure(
        "\(folder): the job has segments 0 to \(manifest.segments.count - 1), not \(index)", code: .usage)
    }
    let entry = manifest.segments[index]
    let composition = try manifest.composition()
    let joiner = SegmentJoiner(
      composition: composition, segments: [.init(path: entry.path, frames: entry.firstFrame..<entry.endFrame)],
      route: OutputRoute(path: "", container: .mp4), overwrite: false)
    if FileManager.default.fileExists(atPath: entry.path), joiner.problems().isEmpty {
      console.err("clipmerge: segment \(index) is already rendered (\(entry.path))\n")
      return
    }
    do {
      try SegmentRenderer.render(
        composition, frames: entry.firstFrame..<entry.endFrame, to: entry.path, strict: strict)
    } catch { throw CommandFailure(error) }
  }
}
