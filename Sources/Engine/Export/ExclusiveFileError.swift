/// Why a file could not be created or written, in the system's words.
public struct ExclusiveFileError: Error, Sendable {
  /// What went wrong, in the system's words (`Permission denied`) or clipmerge's.
  public let reason: String
}
