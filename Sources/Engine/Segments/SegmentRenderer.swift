import Composition

/// Renders one segment of a composition's video: output frames `frames`, exactly as the whole render renders
/// them (an `ExportSession` limited to those frames), encoded with the export's settings from a cold encoder (so
/// its first picture is an IDR picture and its group closed), into an MP4 of its own whose timestamps start at
/// zero. No audio: `SegmentJoiner` renders that once over the whole timeline.
public enum SegmentRenderer {
  /// Writes the segment to `path` (atomically, replacing a file there).
  public static func render(
    _ composition: Composition, frames: Range<Int64>, to path: String, strict: Bool = false
  ) throws(EngineError) {
    guard composition.video != nil else { throw .internalFailure("a segment of a composition without video") }
    var composition = composition
    composition.export.container = .mp4
    let target = try OutputTarget(route: OutputRoute(path: path, container: .mp4), overwrite: true)
    let session = try ExportSession(composition: composition, target: target, strict: strict, segment: frames)
    _ = try session.run(progress: { _ in }, isCancelled: { false })
    try target.commit()
  }
}
