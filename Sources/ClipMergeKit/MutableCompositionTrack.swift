/// One track of a mutable composition (AVFoundation's AVMutableCompositionTrack).
public final class MutableCompositionTrack {
  /// The track's id in its composition: 1 for the first track added, counting up.
  public let trackID: TrackID
  /// Whether the track holds video or audio.
  public let mediaType: MediaKind
  /// What was inserted, in the order of insertion: the asset and where its range lands.
  public private(set) var insertions: [(asset: Asset, segment: TrackSegment)] = []

  init(trackID: TrackID, mediaType: MediaKind) {
    self.trackID = trackID
    self.mediaType = mediaType
  }

  /// Inserts `timeRange` of `track` (source time) at `startTime` of this track. The range must lie inside the
  /// asset and the track must be of this track's media type; later content is not shifted (insert in order).
  public func insertTimeRange(_ timeRange: TimeRange, of track: AssetTrack, at startTime: MediaTime) throws(KitError) {
    guard track.mediaType == mediaType else {
      let article = track.mediaType == .audio ? "an" : "a"
      throw .wrongMediaType(
        "\(track.asset.url.path): \(article) \(track.mediaType.rawValue) track inserted into a \(mediaType.rawValue) track"
      )
    }
    guard timeRange.duration > .zero, timeRange.start >= .zero, timeRange.end <= track.asset.duration else {
      throw .outOfRange(
        "\(track.asset.url.path): \(timeRange) is not inside the asset (0 to \(track.asset.duration.secondsText))")
    }
    insertions.append((track.asset, TrackSegment(source: SourceID(0), sourceRange: timeRange, at: startTime)))
  }

  /// Plays the content of `timeRange` (composition time) over `duration` instead: faster when shorter, slower
  /// when longer (the sound keeps its pitch unless the export session's `audioTimePitchAlgorithm` is `.follow`),
  /// later content moved by the difference (AVFoundation's scaleTimeRange). The range must hold whole inserted
  /// ranges: each insertion lies entirely inside it or entirely outside.
  public func scaleTimeRange(_ timeRange: TimeRange, toDuration duration: MediaTime) throws(KitError) {
    guard timeRange.duration > .zero, duration > .zero else {
      throw .outOfRange("scaleTimeRange needs a range and a duration above zero")
    }
    for (_, segment) in insertions where segment.compositionRange.overlaps(timeRange) {
      guard segment.compositionRange.start >= timeRange.start, segment.compositionRange.end <= timeRange.end else {
        throw .outOfRange(
          "scaleTimeRange: \(timeRange) cuts through an inserted range (\(segment.compositionRange)); scale whole ones")
      }
    }
    let shift = duration - timeRange.duration
    for index in insertions.indices {
      var segment = insertions[index].segment
      if segment.compositionRange.start >= timeRange.end {
        segment.compositionRange = TimeRange(
          start: segment.compositionRange.start + shift, duration: segment.compositionRange.duration)
      } else if segment.compositionRange.overlaps(timeRange) {
        let scale = { (t: MediaTime) in t.scaled(by: duration, over: timeRange.duration) ?? t }
        segment.compositionRange = TimeRange(
          start: timeRange.start + scale(segment.compositionRange.start - timeRange.start),
          duration: scale(segment.compositionRange.duration))
      }
      insertions[index].segment = segment
    }
  }

  /// The end of the last inserted range.
  public var end: MediaTime { insertions.map(\.segment.compositionRange.end).max() ?? .zero }

  /// The asset shown at `time` of the composition (the last inserted range covering it).
  func asset(at time: MediaTime) -> Asset? {
    insertions.last { $0.segment.compositionRange.contains(time) }?.asset
  }
}
