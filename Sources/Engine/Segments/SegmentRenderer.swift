import Composition

/// The parts of a job cut into pieces. A segment is output frames `frames` of the video, rendered exactly as the
/// whole render renders them (an `ExportSession` limited to those frames), encoded with the export's settings
/// from a cold encoder (so its first picture is an IDR picture and its group closed), into an MP4 of its own
/// whose timestamps start at zero. The audio is one more part, rendered once over the whole output's length.
public enum SegmentRenderer {
  /// The container metadata key a part carries its plan in (`SegmentJoiner` checks it).
  public static let planKey = "comment"

  /// The value of `planKey` for plan `plan`.
  public static func planTag(_ plan: String) -> String { "clipmerge plan \(plan)" }

  /// Writes the segment to `path` (atomically, replacing a file there), tagged with `plan`.
  public static func render(
    _ composition: Composition, frames: Range<Int64>, to path: String, plan: String, strict: Bool = false,
    isCancelled: () -> Bool = { false }
  ) throws(EngineError) {
    guard composition.video != nil else {
      throw .internalFailure(.planning, "a segment of a composition without video")
    }
    try export(
      composition, part: .videoFrames(frames), container: .mp4, to: path, plan: plan, strict: strict,
      isCancelled: isCancelled)
  }

  /// The container the audio part is written in for `export`'s audio codec: QuickTime for AAC and PCM (its edit
  /// list keeps the encoder's priming, which Matroska drops for AAC), Matroska for Opus.
  public static func audioContainer(for export: ExportSettings) -> Container {
    export.effectiveAudioCodec == .opus ? .mkv : .mov
  }

  /// Writes the composition's audio alone, as long as the whole output, to `path` (atomically), tagged with
  /// `plan`.
  public static func renderAudio(
    _ composition: Composition, to path: String, plan: String, strict: Bool = false,
    isCancelled: () -> Bool = { false }
  ) throws(EngineError) {
    try export(
      composition, part: .audio, container: audioContainer(for: composition.export), to: path, plan: plan,
      strict: strict, isCancelled: isCancelled)
  }

  private static func export(
    _ composition: Composition, part: ExportPart, container: Container, to path: String, plan: String,
    strict: Bool, isCancelled: () -> Bool
  ) throws(EngineError) {
    var composition = composition
    composition.export = composition.export.keepingCodecs(in: container, hdrSources: composition.hasHDRSource)
    composition.export.metadata[planKey] = planTag(plan)
    let tables = try CubeTables(composition: composition)
    let target = try OutputSink(route: OutputRoute(path: path, container: container), overwrite: true)
    let session = try ExportSession(
      composition: composition, target: target, strict: strict, tables: tables,
      hdr: KeptHDR.decide(composition).kept, part: part)
    _ = try session.run(progress: { _ in }, isCancelled: isCancelled)
    try target.commit()
  }
}
