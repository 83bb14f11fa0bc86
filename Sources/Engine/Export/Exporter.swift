import CFFmpeg
import Composition

/// Renders a composition to a file: the pull loop that asks the video renderer for each output frame and the
/// audio renderer for the samples up to that frame's end, encodes both and interleaves them into the muxer.
///
/// Output frame n is at `n × frameDuration`; the audio has exactly `outputDuration × sampleRate` samples, so
/// both streams end together. Writing goes to a temporary file renamed into place on success.
public final class Exporter {
  private let composition: Composition
  private let outputPath: String
  private let overwrite: Bool
  private let strict: Bool

  /// Validates `composition` (throws `EngineError.invalidComposition`) and prepares to write `outputPath`.
  /// With `strict`, any damage found while decoding ends the render with `EngineError.decodeFailed`; without it
  /// damaged packets are skipped and reported in `ExportReport.damage`.
  public init(composition: Composition, outputPath: String, overwrite: Bool, strict: Bool = false) throws(EngineError) {
    do {
      try composition.validate()
    } catch {
      throw .invalidComposition(error)
    }
    self.composition = composition
    self.outputPath = outputPath
    self.overwrite = overwrite
    self.strict = strict
  }

  /// Renders and writes the file (`-`: standard output, streamed). `progress` is called after each video frame (or audio block);
  /// `isCancelled` is polled as often, and a true answer stops with `EngineError.interrupted`.
  public func run(
    progress: (ExportProgress) -> Void = { _ in }, isCancelled: () -> Bool = { false }
  ) throws(EngineError) -> ExportReport {
    if outputPath == "-" {
      // Standard output: no temporary file to rename; the container must not need to seek back.
      let session = try ExportSession(
        composition: composition, url: "pipe:1", displayPath: "-", isPipe: true, strict: strict)
      return try session.run(progress: progress, isCancelled: isCancelled)
    }
    let target = try OutputTarget(path: outputPath, overwrite: overwrite)
    let session = try ExportSession(
      composition: composition, url: target.temporaryPath, displayPath: outputPath, isPipe: false, strict: strict)
    let report = try session.run(progress: progress, isCancelled: isCancelled)
    try target.commit()
    return report
  }
}
