import Composition

/// Renders the video composition frame by frame: for each output time, finds the instruction, each layer's
/// segment and source picture showing then, and composes them. Opens a source's reader when its segment starts
/// and closes it when the segment is over, so only the sources in play are open.
final class VideoRenderer {
  private let composition: Composition
  private let video: VideoComposition
  private let compositor: Compositor
  private let scalers = ScalerCache()
  /// The open reader of each track, for the segment (by index) it reads.
  private var readers: [TrackID: (segment: Int, reader: VideoReader)] = [:]

  init(composition: Composition, video: VideoComposition, matrix: ColorMatrix) {
    self.composition = composition
    self.video = video
    compositor = Compositor(matrix: matrix, scalers: scalers)
  }

  /// Damaged packets or frames skipped so far, per source path.
  var damage: [String: Int] {
    var counts: [String: Int] = [:]
    for (_, open) in readers { counts[open.reader.path, default: 0] += open.reader.damagedCount }
    return counts
  }

  /// Renders the frame at composition time `time` into `frame` (8-bit 4:2:0 at the render size).
  func render(at time: MediaTime, into frame: Frame) throws(EngineError) {
    let instruction = video.instruction(at: time)
    var draws: [LayerDraw] = []
    var active = Set<TrackID>()
    for layer in (instruction?.layers ?? []).reversed() {
      guard let track = composition.track(layer.trackID),
        let index = track.segments.firstIndex(where: { $0.compositionRange.contains(time) })
      else { continue }
      let segment = track.segments[index]
      guard let source = composition.source(segment.source), let info = source.info.video else { continue }
      active.insert(track.id)
      let reader = try reader(for: track.id, segment: index, source: source, start: segment.sourceRange.start)
      guard let picture = try reader.picture(at: segment.sourceTime(at: time)) else { continue }
      let normalized: Frame
      do {
        normalized = try scalers.normalize(picture, matrix: compositor.matrix)
      } catch {
        throw EngineError.decodeFailed(
          path: source.path, time: picture.time, reason: "cannot convert the picture (\(error))")
      }
      draws.append(
        LayerDraw(
          track: track.id, serial: picture.serial, picture: normalized,
          transform: info.preferredTransform.concatenating(layer.transform.value(at: time)),
          opacity: layer.opacity.value(at: time)))
    }
    for track in readers.keys where !active.contains(track) { readers[track] = nil }
    compositor.retain(tracks: active)
    do {
      try compositor.compose(draws, background: instruction?.backgroundColor ?? video.backgroundColor, into: frame)
    } catch {
      throw EngineError.internalFailure("compositing failed: \(error)")
    }
  }

  private func reader(for track: TrackID, segment: Int, source: Source, start: MediaTime) throws(EngineError)
    -> VideoReader
  {
    if let open = readers[track], open.segment == segment { return open.reader }
    readers[track] = nil
    let reader = try VideoReader(path: source.path, start: start)
    readers[track] = (segment, reader)
    return reader
  }
}
