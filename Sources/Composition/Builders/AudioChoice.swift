/// Which inputs of an overlay are heard.
public enum AudioChoice: String, Sendable, Hashable, CaseIterable {
  case mix, base, overlay, none
}
