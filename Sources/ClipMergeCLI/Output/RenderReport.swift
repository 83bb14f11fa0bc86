import ClipMergeKit
import Foundation

/// `--report json|FILE`: a finished render described for scripts, one JSON object: the output's path,
/// container, streams (as `probe --json` reports them, read back from the written file), duration, frame count,
/// size, bit rate, and the wall and CPU time the command took.
struct RenderReport: Encodable {
  var path: String
  var container: String
  /// Seconds, and the exact rational time (`value/timescale`).
  var duration: Double
  var durationRational: String
  var frames: Int64
  var audioSamples: Int64
  /// Nil for standard output.
  var sizeBytes: Int64?
  var bitRate: Int64?
  var wallSeconds: Double
  var cpuSeconds: Double
  var streams: [StreamReport]
  /// How the output was made (full, smart, gif or copy) and why, in words (`--dry-run` says the same).
  var method: String
  var reason: String
  /// A smart render's copied frames, of how many, and its runs in output order; nil for a full render.
  var smart: SmartReport?

  struct SmartReport: Encodable {
    var copiedFrames: Int64
    var frames: Int64
    var runs: [Run]

    /// Output time (seconds, and exact) and whether the run's frames were copied, from which file.
    struct Run: Encodable {
      var start: Double
      var end: Double
      var startRational: String
      var endRational: String
      var copied: Bool
      var source: String?
    }

    init(_ summary: SmartExporter.Summary) {
      copiedFrames = summary.copiedFrames
      frames = summary.frameCount
      runs = summary.runs.map { run in
        Run(
          start: RenderReport.round(run.range.start.seconds), end: RenderReport.round(run.range.end.seconds),
          startRational: "\(run.range.start.value)/\(run.range.start.timescale)",
          endRational: "\(run.range.end.value)/\(run.range.end.timescale)", copied: run.copied, source: run.path)
      }
    }
  }

  /// Where the report goes: standard output (`--report json`) or a file.
  enum Destination: Equatable {
    case standardOutput
    case file(String)

    init(_ value: String) { self = value == "json" || value == "-" ? .standardOutput : .file(value) }
  }

  /// The clocks at the start of the command.
  struct Clock {
    let wall = Date()
    let cpu = Self.cpuSeconds()

    /// User and system time of the process so far.
    static func cpuSeconds() -> Double {
      var usage = rusage()
      getrusage(Int32(RUSAGE_SELF.rawValue), &usage)
      return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
        + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }
  }

  /// The report of a render as `plan` made it; with no plan, a copy join (`--copy`).
  init(_ report: ExportReport, route: OutputRoute, clock: Clock, plan: ExportPlan?) {
    method = plan?.method.rawValue ?? "copy"
    reason = plan.map(ExportPlanText.reason) ?? "--copy"
    smart = plan.flatMap { $0.method == .smart ? $0.smart : nil }.map(SmartReport.init)
    path = report.path
    container = route.container.rawValue
    duration = Self.round(report.duration.seconds)
    durationRational = "\(report.duration.value)/\(report.duration.timescale)"
    frames = report.videoFrames
    audioSamples = report.audioSamples
    if !route.isStandardOutput, let size = (try? FileManager.default.attributesOfItem(atPath: route.path))?[.size] {
      sizeBytes = (size as? NSNumber)?.int64Value
    }
    if let sizeBytes, report.duration > .zero {
      bitRate = Int64((Double(sizeBytes) * 8 / report.duration.seconds).rounded())
    }
    wallSeconds = Self.round(Date().timeIntervalSince(clock.wall))
    cpuSeconds = Self.round(Clock.cpuSeconds() - clock.cpu)
    streams = route.isStandardOutput ? [] : (try? MediaProbe.report(route.path).streams) ?? []
  }

  static func round(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }

  /// The report written to `destination`.
  func write(to destination: Destination, overwrite: Bool, console: Console) throws(CommandFailure) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(self) else { return }
    switch destination {
    case .standardOutput:
      console.out(String(decoding: data, as: UTF8.self) + "\n")
    case .file(let path):
      do { try AtomicFile.write(data + Data("\n".utf8), to: path, overwrite: overwrite) } catch {
        throw CommandFailure(error)
      }
    }
  }
}
