/// Identifies a track within one composition.
public struct TrackID: Sendable, Hashable, Comparable, CustomStringConvertible {
  public var rawValue: Int
  public init(_ rawValue: Int) { self.rawValue = rawValue }
  public static func < (lhs: TrackID, rhs: TrackID) -> Bool { lhs.rawValue < rhs.rawValue }
  public var description: String { "track \(rawValue)" }
}

/// What a track carries.
public enum MediaKind: String, Sendable, Hashable {
  case video
  case audio
}
