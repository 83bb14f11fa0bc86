/// Tracks into which time ranges of assets are inserted (AVFoundation's AVMutableComposition).
public final class MutableComposition {
  /// The tracks added, in the order of their ids.
  public private(set) var tracks: [MutableCompositionTrack] = []

  /// An empty composition, without tracks.
  public init() {}

  /// A new empty track of `mediaType`, with the next track id.
  @discardableResult
  public func addMutableTrack(withMediaType mediaType: MediaKind) -> MutableCompositionTrack {
    let track = MutableCompositionTrack(trackID: TrackID(tracks.count + 1), mediaType: mediaType)
    tracks.append(track)
    return track
  }

  /// The tracks of `mediaType`.
  public func tracks(withMediaType mediaType: MediaKind) -> [MutableCompositionTrack] {
    tracks.filter { $0.mediaType == mediaType }
  }

  /// From zero to the end of the last inserted range of any track.
  public var duration: MediaTime { tracks.map(\.end).max() ?? .zero }
}
