/// How neighbouring clips of a concatenation meet.
public enum Transition: Sendable, Hashable {
  /// A cut.
  case none
  /// The clips overlap by the duration: the picture dissolves, the sound crossfades at equal power.
  case crossfade(MediaTime)
  /// The clips overlap by the duration: the first fades to black (and silence) over its first half, the next
  /// fades in from black over the second.
  case fadeBlack(MediaTime)

  /// How long neighbouring clips overlap.
  public var overlap: MediaTime {
    switch self {
    case .none: return .zero
    case .crossfade(let d), .fadeBlack(let d): return d
    }
  }

  /// Parses `crossfade,DURATION` or `fade-black,DURATION` (or `none`).
  /// How long a transition named without a duration (`crossfade`) lasts: half a second.
  public static let defaultDuration = MediaTime(value: 1, timescale: 2)!

  public init?(parsing text: String) {
    if text == "none" {
      self = .none
      return
    }
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    guard parts.count <= 2 else { return nil }
    let d = parts.count == 1 ? Self.defaultDuration : MediaTime(parsing: String(parts[1]))
    guard let d, d > .zero else { return nil }
    switch parts[0] {
    case "crossfade": self = .crossfade(d)
    case "fade-black": self = .fadeBlack(d)
    default: return nil
    }
  }
}
