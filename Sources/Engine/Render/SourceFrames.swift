import Composition

/// Output frames that are each one source's picture shown alone, 1:1 (`SmartPlan.showsAlone`), as the decoded
/// pictures themselves: at the source's bit depth and in its own colours, HDR kept. A smart render re-encodes a
/// 10-bit or HDR clip's cut groups from these where they can (bit for bit what the source shows; the compositor
/// works on 8-bit SDR pictures, or composes HDR at 10 bits).
final class SourceFrames {
  private let composition: Composition
  private let video: VideoComposition
  private let damage: DamageLog
  /// The reader of the segment read last (a run goes forward: a segment once left is not read again).
  private var current: (key: ReaderKey, reader: VideoReader)?

  init(composition: Composition, video: VideoComposition, damage: DamageLog) {
    self.composition = composition
    self.video = video
    self.damage = damage
  }

  /// Whether every frame of `frames` is one source's picture shown alone at normal speed (a source of
  /// `sources`, when given), stored as the output stores its pictures: in orientation `stored` (turned upright
  /// by the output's display matrix), square pixels, at the output's size once turned.
  static func cover(
    _ frames: Range<Int64>, composition: Composition, video: VideoComposition, from sources: Set<SourceID>? = nil,
    stored: Orientation = .upright
  ) -> Bool {
    frames.allSatisfy { n in
      let time = video.time(ofFrame: n)
      guard let (_, segment, _) = shown(at: time, composition: composition, video: video),
        let source = composition.source(segment.source), source.drawing == nil, let info = source.info.video,
        sources?.contains(segment.source) ?? true
      else { return false }
      // Stored as the output stores its pictures, at its size: the decoded picture is the frame.
      let size = stored.swapsAxes ? (info.height, info.width) : (info.width, info.height)
      return segment.isNormalSpeed && info.orientation == stored && info.sampleAspectNum == info.sampleAspectDen
        && size == (video.renderSize.width, video.renderSize.height)
    }
  }

  /// The source picture output frame `n` shows, sharing the decoder's buffers (read only).
  func frame(_ n: Int64) throws(EngineError) -> Frame { try frame(at: video.time(ofFrame: n)) }

  /// The source picture the frame at `time` shows, sharing the decoder's buffers (read only).
  func frame(at time: MediaTime) throws(EngineError) -> Frame {
    guard let (track, segment, index) = Self.shown(at: time, composition: composition, video: video),
      let source = composition.source(segment.source)
    else {
      throw .internalFailure(
        .planning, "the frame at \(time.secondsText) was planned as a source's picture and is not one")
    }
    let key = ReaderKey(track: track, index: index, segment: segment)
    let reader: VideoReader
    if let current, current.key == key {
      reader = current.reader
    } else {
      current = nil
      reader = try VideoReader(path: source.path, start: segment.sourceTime(at: time), damage: damage, mapsHDR: false)
      current = (key, reader)
    }
    guard let picture = try reader.picture(at: segment.sourceTime(at: time)) else {
      throw .decodeFailed(path: source.path, time: segment.sourceTime(at: time), reason: "no picture to show")
    }
    do { return try picture.frame.reference() } catch { throw .internalFailure(.decoding, "\(error)") }
  }

  /// The track, segment and segment index whose picture shows alone at `time`.
  private static func shown(at time: MediaTime, composition: Composition, video: VideoComposition)
    -> (TrackID, TrackSegment, Int)?
  {
    guard let instruction = video.instruction(at: time) else { return nil }
    for layer in instruction.layers {
      guard let track = composition.track(layer.trackID),
        let index = track.segments.firstIndex(where: { $0.compositionRange.contains(time) })
      else { continue }
      if layer.opacity.value(at: time) <= 0 { continue }
      guard SmartPlan.showsAlone(track: track.id, at: time, composition: composition, video: video) else {
        return nil
      }
      return (track.id, track.segments[index], index)
    }
    return nil
  }
}
