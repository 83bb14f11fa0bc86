internal import CFFmpeg
import Composition

/// Renders a composition to its output route: the pull loop that asks the video renderer for each output frame
/// and the audio renderer for the samples up to that frame's end, encodes both and interleaves them into the
/// muxer.
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

  /// Validates `composition` written in `route`'s container (throws `EngineError.invalidComposition`) and
  /// prepares to write it. With `strict`, any damage found while decoding ends the render with
  /// `EngineError.decodeFailed`; without it damaged packets are skipped and reported in `ExportReport.damage`.
  public init(composition: Composition, route: OutputRoute, overwrite: Bool, strict: Bool = false) throws(EngineError) {
    var composition = composition
    composition.export.container = route.container
    do {
      try composition.validate()
    } catch {
      throw .invalidComposition(error)
    }
    tables = try CubeTables(composition: composition)
    self.composition = composition
    self.route = route
    self.overwrite = overwrite
    self.strict = strict
  }

  /// Renders and writes the output. `progress` is called after each video frame (or audio block); `isCancelled`
  /// is polled as often, and a true answer stops with `EngineError.interrupted` (`.interruptedStreaming` once
  /// bytes have gone to standard output).
  public func run(
    progress: (ExportProgress) -> Void = { _ in }, isCancelled: () -> Bool = { false }
  ) throws(EngineError) -> ExportReport {
    let target = try OutputTarget(route: route, overwrite: overwrite)
    let report: ExportReport
    if route.container == .gif {
      report = try GIFExporter(composition: composition, target: target, strict: strict, tables: tables).run(
        progress: progress, isCancelled: isCancelled)
    } else {
      report = try ExportSession(composition: composition, target: target, strict: strict, tables: tables).run(
        progress: progress, isCancelled: isCancelled)
    }
    try target.commit()
    return report
  }
}
