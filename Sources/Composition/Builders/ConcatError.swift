/// Why a concatenation cannot be built from its clips, named after the rule.
public enum ConcatError: Error, Sendable, Hashable, CustomStringConvertible {
  case noClips
  case clipHasNoVideo(path: String, reason: String?)
  case clipHasNoLength(path: String)
  case trimStartsAfterClipEnds(path: String, start: MediaTime, duration: MediaTime)
  case trimEndsAfterClipEnds(path: String, end: MediaTime, duration: MediaTime)
  case clipShorterThanTransitions(path: String, duration: MediaTime, needed: MediaTime)
  case trimHasNoLength(path: String, at: MediaTime)
  case soundtrackStartsAfterItEnds(path: String, start: MediaTime, duration: MediaTime)
  case freezeAfterClipEnds(path: String, at: MediaTime, duration: MediaTime)

  /// The message for the user: the clip's path and what about it breaks the rule.
  public var description: String {
    switch self {
    case .noClips:
      return "no clips to join"
    case .clipHasNoVideo(let path, let reason):
      return "\(path): \(reason ?? "no video stream")"
    case .clipHasNoLength(let path):
      return "\(path): it has no length to show: its header states none and no packet carries a time"
    case .trimStartsAfterClipEnds(let path, let start, let duration):
      return "\(path): the trim starts at \(start.secondsText), but the clip lasts \(duration.secondsText)"
    case .trimEndsAfterClipEnds(let path, let end, let duration):
      return "\(path): the trim ends at \(end.secondsText), but the clip lasts \(duration.secondsText)"
    case .trimHasNoLength(let path, let at):
      return "\(path): the trim ends where it starts (at \(at.secondsText)): nothing of the clip would be shown"
    case .soundtrackStartsAfterItEnds(let path, let start, let duration):
      return
        "\(path): --soundtrack-start \(start.secondsText) is past the soundtrack's end (it lasts \(duration.secondsText))"
    case .freezeAfterClipEnds(let path, let at, let duration):
      return "\(path): the picture to hold is at \(at.secondsText), but the clip lasts \(duration.secondsText)"
    case .clipShorterThanTransitions(let path, let duration, let needed):
      return
        "\(path): the clip lasts \(duration.secondsText), shorter than its transitions need (\(needed.secondsText))"
    }
  }
}
