/// What a concatenation with a soundtrack lets you hear.
public enum ConcatAudio: String, Sendable, Hashable, CaseIterable {
  /// The soundtrack only (the default when there is one).
  case soundtrack
  /// The clips' own sound under the soundtrack.
  case mix
  /// The clips' own sound only (the soundtrack is ignored; the default without one).
  case clips
  /// No sound at all (`none` on the command line).
  case silent = "none"

  /// Whether the clips' own sound is heard.
  public var hearsClips: Bool { self == .mix || self == .clips }
  /// Whether the soundtrack (when there is one) is heard.
  public var hearsSoundtrack: Bool { self == .soundtrack || self == .mix }
}
