/// Identifies a source within one composition.
public struct SourceID: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The number that names the source (`SourceID(0)` is source 0).
  public var rawValue: Int
  /// The id numbered `rawValue`.
  public init(_ rawValue: Int) { self.rawValue = rawValue }
  /// Orders ids by their numbers.
  public static func < (lhs: SourceID, rhs: SourceID) -> Bool { lhs.rawValue < rhs.rawValue }
  /// `source N`, as messages name it.
  public var description: String { "source \(rawValue)" }
}

/// A media file the composition takes time ranges from, with its probed facts.
public struct Source: Sendable, Hashable {
  /// The source's id, unique within its composition; segments name the source by it.
  public var id: SourceID
  /// The path as the user gave it; the engine opens it.
  public var path: String
  /// The facts of the file the timeline needs: length, streams, orientation.
  public var info: MediaInfo
  /// Set when clipmerge draws the picture (text, subtitles) instead of decoding `path`.
  public var drawing: Drawing?

  /// The source `id` at `path`, with its probed `info`, drawn by `drawing` when given instead of decoded.
  public init(id: SourceID, path: String, info: MediaInfo, drawing: Drawing? = nil) {
    self.id = id
    self.path = path
    self.info = info
    self.drawing = drawing
  }
}
