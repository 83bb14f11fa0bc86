import ClipMergeKit
import Foundation

/// `--progress ndjson`: one JSON object a line on standard error, at most four a second, then a final report.
final class ProgressJSON {
  private let console: Console
  private let started = Date()
  private var lastWrite = Date.distantPast

  init(console: Console) { self.console = console }

  func update(_ progress: ExportProgress) {
    let now = Date()
    guard now.timeIntervalSince(lastWrite) >= 0.25 else { return }
    lastWrite = now
    let elapsed = max(now.timeIntervalSince(started), 1e-6)
    write([
      "stage": "render", "fraction": Self.round(progress.fraction), "outTime": progress.outputTime.timecodeText,
      "frames": Int(progress.framesWritten), "speed": Self.round(progress.outputTime.seconds / elapsed),
    ])
  }

  /// The closing object: what was written, how long it took.
  func finish(_ report: ExportReport) {
    let elapsed = max(Date().timeIntervalSince(started), 1e-6)
    var object: [String: Any] = [
      "stage": "done", "path": report.path, "duration": Self.round(report.duration.seconds),
      "durationExact": report.duration.description, "frames": Int(report.videoFrames),
      "audioSamples": Int(report.audioSamples), "elapsed": Self.round(elapsed),
      "speed": Self.round(report.duration.seconds / elapsed),
    ]
    if !report.damage.isEmpty {
      object["damage"] = report.damage.map { d -> [String: Any] in
        var entry: [String: Any] = ["path": d.path, "count": d.count]
        if let t = d.firstTime { entry["firstTime"] = Self.round(t.seconds) }
        return entry
      }
    }
    write(object)
  }

  private func write(_ object: [String: Any]) { console.err(Console.jsonLine(object)) }

  static func round(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
}
