/// A composition track: segments of sources placed in composition time, never overlapping.
public struct Track: Sendable, Hashable {
  /// The track's id, unique within its composition.
  public var id: TrackID
  /// Whether the track carries video or audio.
  public var kind: MediaKind
  /// The segments placed on the track.
  public var segments: [TrackSegment]

  /// A track `id` of `kind` holding `segments`.
  public init(id: TrackID, kind: MediaKind, segments: [TrackSegment]) {
    self.id = id
    self.kind = kind
    self.segments = segments
  }

  /// The end of the last segment, or zero for an empty track.
  public var end: MediaTime { segments.map(\.compositionRange.end).max() ?? .zero }

  /// The segment playing at composition time `time`, if any.
  public func segment(at time: MediaTime) -> TrackSegment? {
    segments.first { $0.compositionRange.contains(time) }
  }
}
