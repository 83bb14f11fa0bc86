/// Identifies a source within one composition.
public struct SourceID: Sendable, Hashable, Comparable, CustomStringConvertible {
  public var rawValue: Int
  public init(_ rawValue: Int) { self.rawValue = rawValue }
  public static func < (lhs: SourceID, rhs: SourceID) -> Bool { lhs.rawValue < rhs.rawValue }
  public var description: String { "source \(rawValue)" }
}

/// A media file the composition takes time ranges from, with its probed facts.
public struct Source: Sendable, Hashable {
  public var id: SourceID
  /// The path as the user gave it; the engine opens it.
  public var path: String
  public var info: MediaInfo
  /// Set when clipmerge draws the picture (text, subtitles) instead of decoding `path`.
  public var drawing: Drawing?

  public init(id: SourceID, path: String, info: MediaInfo, drawing: Drawing? = nil) {
    self.id = id
    self.path = path
    self.info = info
    self.drawing = drawing
  }
}
