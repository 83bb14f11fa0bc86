import Foundation

/// Why a concatenation cannot be built from its clips, named after the rule.
public enum ConcatError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The recipe has no clips to join.
  case noClips
  /// A clip has no video stream clipmerge can show; `reason` says why one it has is unusable (nil: it has none).
  case clipHasNoVideo(path: String, reason: String?)
  /// A clip's length is zero: its header states none and no packet carries a time.
  case clipHasNoLength(path: String)
  /// A clip's trim starts at or after the clip's end (it lasts `duration`).
  case trimStartsAfterClipEnds(path: String, start: MediaTime, duration: MediaTime)
  /// A clip's trim ends after the clip's end (it lasts `duration`).
  case trimEndsAfterClipEnds(path: String, end: MediaTime, duration: MediaTime)
  /// A clip lasts (at its speed) less than the transitions into and out of it overlap it (`needed`).
  case clipShorterThanTransitions(path: String, duration: MediaTime, needed: MediaTime)
  /// A clip's trim or freeze lasts no time (it ends where it starts, `at`) and no transition lengthens it.
  case trimHasNoLength(path: String, at: MediaTime)
  /// `--soundtrack-start` (`start`) is at or past the soundtrack's end (it lasts `duration`).
  case soundtrackStartsAfterItEnds(path: String, start: MediaTime, duration: MediaTime)
  /// The picture a clip holds (`#freeze=`, at `at`) is at or after the clip's end (it lasts `duration`).
  case freezeAfterClipEnds(path: String, at: MediaTime, duration: MediaTime)

  /// The message for the user: the file at fault (a clip or the soundtrack), when there is one, and the rule.
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

extension ConcatError: LocalizedError {
  /// The same words as the command line's error line (`description`), for `localizedDescription` and a top-level
  /// script's uncaught error.
  public var errorDescription: String? { description }
}
