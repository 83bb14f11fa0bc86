/// Why a concatenation cannot be built from its clips, named after the rule.
public enum ConcatError: Error, Sendable, Hashable, CustomStringConvertible {
  case noClips
  case clipHasNoVideo(path: String, reason: String?)
  case trimStartsAfterClipEnds(path: String, start: MediaTime, duration: MediaTime)
  case trimEndsAfterClipEnds(path: String, end: MediaTime, duration: MediaTime)
  case clipShorterThanTransitions(path: String, duration: MediaTime, needed: MediaTime)

  public var description: String {
    func s(_ t: MediaTime) -> String { Self.seconds(t) }
    switch self {
    case .noClips:
      return "no clips to join"
    case .clipHasNoVideo(let path, let reason):
      return "\(path): \(reason ?? "no video stream")"
    case .trimStartsAfterClipEnds(let path, let start, let duration):
      return "\(path): the trim starts at \(s(start)) s, but the clip lasts \(s(duration)) s"
    case .trimEndsAfterClipEnds(let path, let end, let duration):
      return "\(path): the trim ends at \(s(end)) s, but the clip lasts \(s(duration)) s"
    case .clipShorterThanTransitions(let path, let duration, let needed):
      return "\(path): the clip lasts \(s(duration)) s, shorter than its transitions need (\(s(needed)) s)"
    }
  }

  /// Seconds with up to three decimals (`1.037`, `12`).
  static func seconds(_ t: MediaTime) -> String {
    let ms = t.count(of: MediaTime.ticks(1, rate: 1000), rounding: .toNearestOrAwayFromZero)
    let whole = ms / 1000
    let fraction = ms % 1000
    guard fraction != 0 else { return "\(whole)" }
    var digits = String(fraction)
    digits = String(repeating: "0", count: 3 - digits.count) + digits
    while digits.hasSuffix("0") { digits.removeLast() }
    return "\(whole).\(digits)"
  }
}
