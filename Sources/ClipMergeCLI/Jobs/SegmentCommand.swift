import ClipMergeKit
import Foundation

/// `clipmerge segment JOBDIR K`: renders segment K of a planned job (a line of jobs.txt). Idempotent: a
/// segment already complete is left as it is; one half-written is never there (written atomically).
struct SegmentCommand {
  static let name = "segment"
  /// K of the job that renders the audio.
  static let audioPart = "audio"

  static let specs: [OptionSpec] = [
    RenderOptions.strictOption,
    RenderOptions.threadsOption,
    OptionSpec("help", short: "h", help: "Show this help."),
  ]

  static var page: HelpPage {
    HelpPage(
      overview: "Render one segment of a job made by clipmerge plan (what a line of jobs.txt runs).",
      usage: "clipmerge segment JOBDIR K",
      arguments: [("JOBDIR", "The job folder."), ("K", "The segment, from 0, or \(audioPart) for the audio.")],
      options: specs, notes: "")
  }

  var folder: String
  /// The segment; nil for the audio.
  var index: Int?
  var strict: Bool
  var threads: Int?

  init(_ parsed: ParsedArguments) throws(UsageError) {
    guard parsed.positionals.count == 2 else {
      throw UsageError("segment takes a JOBDIR and a segment number K (0, 1, ...) or \(Self.audioPart)")
    }
    if parsed.positionals[1] != Self.audioPart {
      guard let index = Int(parsed.positionals[1]), index >= 0 else {
        throw UsageError("segment takes a JOBDIR and a segment number K (0, 1, ...) or \(Self.audioPart)")
      }
      self.index = index
    }
    folder = parsed.positionals[0]
    strict = parsed.flags.contains("strict")
    threads = try RenderOptions.threads(parsed)
  }

  func run(console: Console) throws(CommandFailure) {
    let manifest = try JobManifest.read(folder: folder)
    // What this job renders: a segment's frames, or (no index) the audio.
    let name: String
    let path: String
    var frames: Range<Int64>?
    if let index {
      guard manifest.segments.indices.contains(index) else {
        throw CommandFailure(
          "\(folder): the job has segments 0 to \(manifest.segments.count - 1), not \(index)", code: .usage)
      }
      let entry = manifest.segments[index]
      (name, path, frames) = ("segment \(index)", entry.path, entry.firstFrame..<entry.endFrame)
    } else {
      guard let audio = manifest.audio else {
        throw CommandFailure("\(folder): the job has no audio to render", code: .usage)
      }
      (name, path) = ("the audio", audio)
    }
    var composition = try manifest.composition()
    try RenderRunner.checkOutput(path: path, sources: composition.inputFiles + manifest.inputs.map(\.path))
    composition.export.threads = threads
    let joiner = SegmentJoiner(
      composition: composition, segments: frames.map { [.init(path: path, frames: $0)] } ?? [],
      audio: frames == nil ? path : nil, route: OutputRoute(path: "", container: .mp4), overwrite: false,
      plan: manifest.plan)
    // A segment there that cannot be read (an I/O error) is rendered again.
    if FileManager.default.fileExists(atPath: path), (try? joiner.problems())?.isEmpty == true {
      console.err("clipmerge: \(name) is already rendered (\(Console.escaped(path)))\n")
      return
    }
    do {
      if let frames {
        try SegmentRenderer.render(
          composition, frames: frames, to: path, plan: manifest.plan, strict: strict,
          isCancelled: { SignalTrap.isRaised })
      } else {
        try SegmentRenderer.renderAudio(
          composition, to: path, plan: manifest.plan, strict: strict, isCancelled: { SignalTrap.isRaised })
      }
    } catch { throw CommandFailure(error) }
  }
}
