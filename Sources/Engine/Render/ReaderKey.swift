import Composition

/// Which video reader a segment reads from. Segments of one source at normal speed with the same offset between
/// source and composition time show the same source picture at every composition time, so they share a reader:
/// the same clip on two layers is decoded once, and a clip split into adjacent pieces is read on without a seek.
enum ReaderKey: Hashable {
  case shared(source: SourceID, offset: MediaTime)
  /// A segment that plays faster or slower reads on its own.
  case own(track: TrackID, segment: Int)

  init(track: TrackID, index: Int, segment: TrackSegment) {
    if segment.isNormalSpeed {
      self = .shared(source: segment.source, offset: segment.sourceRange.start - segment.compositionRange.start)
    } else {
      self = .own(track: track, segment: index)
    }
  }
}
