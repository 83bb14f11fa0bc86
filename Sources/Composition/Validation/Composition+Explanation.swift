extension Composition {
  /// A broken rule said in the user's terms: the file it concerns and what is wrong with it, not the model's
  /// track and segment numbers (which a spec user finds through JSON paths instead).
  public func explanation(of rule: CompositionError) -> String {
    switch rule {
    case .emptySegment(let t, let s):
      guard let (path, segment) = place(t, s) else { break }
      return "\(path): nothing of it would be shown: the part used, from \(segment.sourceRange.start.secondsText), "
        + "has no length"
    case .notEnoughSourceContent(let t, let s, let needed, let available):
      guard let (path, _) = place(t, s) else { break }
      return "\(path): it is used up to \(needed.secondsText), but it lasts \(available.secondsText)"
    case .negativeTime(let t, let s):
      guard let (path, _) = place(t, s) else { break }
      return "\(path): it is placed before the start of the output"
    case .sourceLacksMedia(let t, let s, _, let kind):
      guard let (path, _) = place(t, s) else { break }
      return "\(path): it has no \(kind) stream"
    case .speedOutOfRange(let t, let s):
      guard let (path, _) = place(t, s) else { break }
      return "\(path): it plays at a speed outside 1/16 to 16"
    case .overlappingSegments(let t, let a, let b):
      guard let (first, _) = place(t, a), let (second, _) = place(t, b) else { break }
      return "\(first) and \(second) are placed at the same time on one track"
    case .textTooLong(_, let length, let limit):
      return "the text holds \(length) characters; at most \(limit) can be drawn over a picture"
    case .durationTooLong(let d, let limit):
      return "the output would last \(d.secondsText), over the limit of \(limit.secondsText)"
    default:
      break
    }
    return rule.description
  }

  /// The file a track's segment shows, and the segment.
  private func place(_ trackID: TrackID, _ index: Int) -> (String, TrackSegment)? {
    guard let track = track(trackID), track.segments.indices.contains(index) else { return nil }
    let segment = track.segments[index]
    guard let source = source(segment.source) else { return nil }
    return (source.path, segment)
  }
}
