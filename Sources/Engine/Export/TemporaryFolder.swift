import Foundation

/// A private folder for a run's intermediate files (mkdtemp: a new name, mode 0700, so no other user can plant
/// a file or a symlink in it), removed with everything in it when released, or by a stopping signal.
public final class TemporaryFolder {
  /// The folder's absolute path.
  public let path: String

  /// Makes `clipmerge-<purpose>-XXXXXX` in the system's temporary folder.
  public init(purpose: String) throws(EngineError) {
    let base = FileManager.default.temporaryDirectory.path
    var template = Array("\(base)/clipmerge-\(purpose)-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else {
      throw .outputFailed(
        path: base, reason: "cannot make a private temporary folder (\(String(cString: strerror(errno))))")
    }
    path = String(cString: made)
    TemporaryFiles.add(path)
  }

  deinit {
    TemporaryFiles.remove(path)
    try? FileManager.default.removeItem(atPath: path)
  }
}
