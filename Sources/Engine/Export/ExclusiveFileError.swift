/// Why a file could not be created or written, in the system's words.
public struct ExclusiveFileError: Error, Sendable {
  public let reason: String
}
