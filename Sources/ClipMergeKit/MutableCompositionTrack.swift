/// One track of a mutable composition (AVFoundation's AVMutableCompositionTrack).
public final class MutableCompositionTrack {
  public let trackID: TrackID
  public let mediaType: MediaKind
  /// What was inserted, in the order of insertion: the asset and where its range lands.
  public private(set) var insertions: [(asset: Asset, segment: Segment)] = []

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
    insertions.append((track.asset, Segment(source: SourceID(0), sourceRange: timeRange, at: startTime)))
  }

  /// The end of the last inserted range.
  public var end: MediaTime { insertions.map(\.segment.compositionRange.end).max() ?? .zero }

  /// The asset shown at `time` of the composition (the last inserted range covering it).
  func asset(at time: MediaTime) -> Asset? {
    insertions.last { $0.segment.compositionRange.contains(time) }?.asset
  }
}
