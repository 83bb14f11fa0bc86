/// Identifies a track within one composition.
public struct TrackID: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The number that names the track (`TrackID(1)` is track 1).
  public var rawValue: Int
  /// The id numbered `rawValue`.
  public init(_ rawValue: Int) { self.rawValue = rawValue }
  /// Orders ids by their numbers.
  public static func < (lhs: TrackID, rhs: TrackID) -> Bool { lhs.rawValue < rhs.rawValue }
  /// `track N`, as messages name it.
  public var description: String { "track \(rawValue)" }
}

/// What a track carries.
public enum MediaKind: String, Sendable, Hashable {
  /// Pictures, drawn by the video composition's layer instructions.
  case video
  /// Sound, heard through the audio mix.
  case audio
}
