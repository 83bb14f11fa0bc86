import Composition
import Engine

/// What `--dry-run --smart` prints: the share of frames copied, then each output time range and whether it is
/// copied (and from which file) or re-encoded.
enum SmartPlanText {
  static func text(_ summary: SmartExporter.Summary) -> String {
    var lines = ["smart: " + headline(summary)]
    for run in summary.runs {
      let range = "[\(run.range.start.secondsText), \(run.range.end.secondsText))"
      lines.append("  \(range) " + (run.copied ? "copied from \(run.path ?? "?")" : "re-encoded"))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// "840 of 1008 frames copied (83 %), the rest re-encoded (crf 18, veryfast)": the plan's first line, and the
  /// note a smart render starts with.
  static func headline(_ summary: SmartExporter.Summary) -> String {
    "\(summary.copiedFrames) of \(summary.frameCount) frames copied (\(percent(summary)) %), "
      + "the rest re-encoded (crf \(summary.crf), \(summary.preset))"
  }

  /// The share of the frames a plan copies, in whole per cent, as every note prints it.
  static func percent(_ summary: SmartExporter.Summary) -> Int { Int((summary.share * 100).rounded()) }
}
