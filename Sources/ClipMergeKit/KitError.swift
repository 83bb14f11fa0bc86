import Foundation

/// A composition built through ClipMergeKit that cannot be made or exported as asked.
public enum KitError: Error, Sendable, CustomStringConvertible {
  /// A track of one media type inserted into a track of the other.
  case wrongMediaType(String)
  /// A time range outside its asset.
  case outOfRange(String)
  /// A layer instruction or mix parameter for a track that is not in the composition.
  case unknownTrack(String)

  /// The message the error carries, naming what is at fault.
  public var description: String {
    switch self {
    case .wrongMediaType(let message), .outOfRange(let message), .unknownTrack(let message): return message
    }
  }
}

extension KitError: LocalizedError {
  /// The same words as the command line's error line (`description`), for `localizedDescription` and a top-level
  /// script's uncaught error.
  public var errorDescription: String? { description }
}
