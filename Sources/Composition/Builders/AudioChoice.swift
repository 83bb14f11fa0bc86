/// Which inputs of an overlay are heard.
public enum AudioChoice: String, Sendable, Hashable, CaseIterable {
  /// The sound of both inputs, mixed (the default).
  case mix
  /// The base's sound only.
  case base
  /// The overlay's sound only.
  case overlay
  /// No sound at all.
  case none
}
