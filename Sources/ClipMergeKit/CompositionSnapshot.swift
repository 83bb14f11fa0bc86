/// The model a ClipMergeKit composition makes: its sources (one per file), its tracks, and the preferred
/// transform of the asset each track starts with, so a layer's transform (on decoded pixels, as AVFoundation
/// has it) becomes the model's (on the upright picture).
struct CompositionSnapshot: Sendable {
  var sources: [Source] = []
  var tracks: [Track] = []
  var preferred: [TrackID: [(range: TimeRange, transform: AffineTransform2D)]] = [:]
  var duration: MediaTime = .zero

  init(_ composition: MutableComposition) {
    var ids: [String: SourceID] = [:]
    for track in composition.tracks {
      var segments: [TrackSegment] = []
      for (asset, segment) in track.insertions {
        let path = asset.url.path
        let id = ids[path] ?? SourceID(ids.count)
        if ids[path] == nil {
          ids[path] = id
          sources.append(Source(id: id, path: path, info: asset.info))
        }
        segments.append(
          TrackSegment(source: id, sourceRange: segment.sourceRange, compositionRange: segment.compositionRange))
        if track.mediaType == .video {
          preferred[track.trackID, default: []].append(
            (segment.compositionRange, asset.info.video?.preferredTransform ?? .identity))
        }
      }
      tracks.append(Track(id: track.trackID, kind: track.mediaType, segments: segments))
    }
    duration = composition.duration
  }

  /// The first video track's first asset: its upright size and frame rate make the default video composition.
  var firstVideo: VideoStreamInfo? {
    guard let track = tracks.first(where: { $0.kind == .video && !$0.segments.isEmpty }),
      let source = sources.first(where: { $0.id == track.segments[0].source })
    else { return nil }
    return source.info.video
  }

  /// `transform` on decoded pixels of `track` at `time` as the model's transform on its upright picture.
  func modelTransform(_ transform: AffineTransform2D, track: TrackID, at time: MediaTime) -> AffineTransform2D {
    let entries = preferred[track] ?? []
    let shown = entries.last { $0.range.contains(time) } ?? entries.first
    guard let inverse = shown?.transform.inverted() else { return transform }
    return inverse.concatenating(transform)
  }
}
