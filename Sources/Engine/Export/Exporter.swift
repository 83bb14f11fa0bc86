import Composition

/// Decides how a composition is written to its output route (`plan`: full, smart or GIF, and why) and writes
/// it that way. A full render is the pull loop that asks the video renderer for each output frame and the audio
/// renderer for the samples up to that frame's end, encodes both and interleaves them into the muxer.
///
/// Output frame n is at `n × frameDuration`; the audio has exactly `outputDuration × sampleRate` samples, so
/// both streams end together. A file is written to a temporary file renamed into place on success; standard
/// output is streamed.
public final class Exporter {
  private let composition: Composition
  private let route: OutputRoute
  private let overwrite: Bool
  private let strict: Bool
  private let tables: CubeTables
  private let smart: SmartExporter?
  /// The HDR a full render keeps (decided with the plan).
  private let hdr: KeptHDR?
  /// What becomes of HDR sources in a full render, in words (`ExportPlan.hdr`).
  private let hdrText: String?
  /// How the output will be made, and why: decided here, once.
  /// (A smart render whose output does not decode becomes a full one: `smartOutputUndecodable`.)
  public private(set) var plan: ExportPlan

  /// Validates `composition` written in `route`'s container (throws `EngineError.invalidComposition`) and
  /// decides how to write it under `policy` (a smart plan reads the eligible sources' packets, without
  /// decoding). With `strict`, any damage found while decoding ends the render with `EngineError.decodeFailed`;
  /// without it damaged packets are skipped and reported in `ExportReport.damage`. Only a smart render that was
  /// asked for fails for what its plan cannot read; otherwise the render is a full one.
  public init(
    composition: Composition, route: OutputRoute, overwrite: Bool, strict: Bool = false,
    smart policy: SmartPolicy = SmartPolicy()
  ) throws(EngineError) {
    var composition = composition
    composition.export.container = route.container
    do {
      try composition.validate()
    } catch {
      throw .invalidComposition(error)
    }
    let tables = try CubeTables(composition: composition)
    self.composition = composition
    self.route = route
    self.overwrite = overwrite
    self.strict = strict
    self.tables = tables
    let everyFrame: ExportPlan.Method = route.container == .gif ? .gif : .full
    let decision = everyFrame == .full ? KeptHDR.decide(composition) : .noHDR
    hdr = decision.kept
    let hdrText = KeptHDR.text(decision)
    self.hdrText = hdrText
    func whole(_ reason: ExportPlan.Reason, _ summary: SmartExporter.Summary? = nil) -> ExportPlan {
      ExportPlan(method: everyFrame, reason: reason, smart: summary, hdr: hdrText, keepsHDR: decision.kept != nil)
    }
    let considered =
      policy.asked || (policy.offered && !policy.joinableByCopy && !policy.turnedOff && everyFrame != .gif)
    guard considered else {
      smart = nil
      plan = whole(
        everyFrame == .gif
          ? .gifOutput
          : policy.joinableByCopy ? .joinableByCopy : policy.turnedOff ? .smartTurnedOff : .notAJoin)
      return
    }
    let planned: SmartExporter
    do {
      planned = try SmartExporter(
        validated: composition, tables: tables, route: route, overwrite: overwrite, strict: strict)
    } catch {
      guard !policy.asked else { throw error }
      smart = nil
      plan = whole(.nothingToCopy(error.description))
      return
    }
    switch planned.outcome {
    case .failure(let refusal):
      smart = nil
      plan = whole(.nothingToCopy(refusal.description))
    case .success(let summary):
      // What decides a render that was not asked to be smart, in order.
      let unasked: ExportPlan.Reason
      if summary.percent < ExportPlan.smartByDefault {
        unasked = .tooLittleCopied
      } else if policy.encodingChosen {
        unasked = .encodingChosen
      } else if strict {
        unasked = .strict
      } else if route.isStandardOutput {
        unasked = .standardOutput
      } else {
        unasked = .mostIsCopied
      }
      if policy.asked || unasked == .mostIsCopied {
        smart = planned
        plan = ExportPlan(
          method: .smart, reason: policy.asked ? .smartAsked : .mostIsCopied, smart: summary,
          keepsHDR: planned.keepsHDR)
      } else {
        smart = nil
        plan = whole(unasked, summary)
      }
    }
  }

  /// Renders and writes the output as planned. `progress` is called after each video frame (or audio block);
  /// `isCancelled` is polled as often, and a true answer stops with `EngineError.interrupted`
  /// (`.interruptedStreaming` once bytes have gone to standard output).
  public func run(
    progress: (ExportProgress) -> Void = { _ in }, isCancelled: () -> Bool = { false }
  ) throws(EngineError) -> ExportReport {
    if plan.method == .smart, let smart {
      switch try smart.runChecked(progress: progress, isCancelled: isCancelled) {
      case .report(let report): return report
      case .undecodable(let why):
        plan = ExportPlan(
          method: .full, reason: .smartOutputUndecodable(why), smart: plan.smart, hdr: hdrText,
          keepsHDR: hdr != nil)
      }
    }
    let target = try OutputSink(route: route, overwrite: overwrite)
    let report: ExportReport
    if plan.method == .gif {
      report = try GIFExporter(composition: composition, target: target, strict: strict, tables: tables).run(
        progress: progress, isCancelled: isCancelled)
    } else {
      report = try ExportSession(
        composition: composition, target: target, strict: strict, tables: tables, hdr: hdr
      ).run(
        progress: progress, isCancelled: isCancelled)
    }
    try target.commit()
    return report
  }
}
