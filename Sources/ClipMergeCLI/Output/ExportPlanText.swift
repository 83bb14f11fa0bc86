import ClipMergeKit

/// The words for an export's plan: the line `--dry-run` prints ("method: smart (the plan copies 83 % of the
/// frames)"), then for a smart render each output time range and whether it is copied (and from which file) or
/// re-encoded; the reason `--report` gives.
enum ExportPlanText {
  static func text(_ plan: ExportPlan) -> String {
    var lines = ["method: \(plan.method.rawValue) (\(reason(plan)))"]
    if let hdr = plan.hdr { lines.append("hdr: \(hdr)") }
    if plan.method == .smart, let summary = plan.smart {
      lines.append("smart: " + headline(summary))
      for run in summary.runs {
        let range = "[\(run.range.start.secondsText), \(run.range.end.secondsText))"
        lines.append("  \(range) " + (run.copied ? "copied from \(run.path ?? "?")" : "re-encoded"))
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// "840 of 1008 frames copied (83 %), the rest re-encoded (crf 18, veryfast)": the smart plan's first line,
  /// and the note a smart render starts with.
  static func headline(_ summary: SmartExporter.Summary) -> String {
    "\(summary.copiedFrames) of \(summary.frameCount) frames copied (\(summary.percent) %), "
      + "the rest re-encoded (crf \(summary.crf), \(summary.preset))"
  }

  /// Why the plan is what it is, in the user's words.
  static func reason(_ plan: ExportPlan) -> String {
    let copies = plan.smart.map { "a smart render would copy \($0.percent) % of the frames" }
    switch plan.reason {
    case .smartAsked: return "--smart"
    case .mostIsCopied:
      return "the plan copies \(plan.smart?.percent ?? 0) % of the frames, at least \(ExportPlan.smartByDefault) %"
    case .gifOutput: return "an animated GIF"
    case .notAJoin: return "not a join or trim of clips; --smart asks for a smart render"
    case .joinableByCopy: return "--copy can join these clips as they are"
    case .smartTurnedOff: return "--no-smart"
    case .nothingToCopy(let why): return "nothing can be copied: \(StdinSpool.userFacing(why))"
    case .tooLittleCopied:
      return (copies ?? "a smart render would copy little") + ", under \(ExportPlan.smartByDefault) %"
    case .encodingChosen:
      return "the video encoding is named" + (copies.map { "; \($0) with --smart" } ?? "")
    case .strict: return "--strict decodes every frame" + (copies.map { "; \($0) with --smart" } ?? "")
    case .standardOutput:
      return "standard output is rendered whole" + (copies.map { "; \($0) with --smart" } ?? "")
    case .smartOutputUndecodable(let why): return "the smart render's output did not decode: \(why)"
    }
  }
}
