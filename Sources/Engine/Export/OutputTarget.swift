import Foundation

/// Where a render is written: a temporary file beside the target, renamed into place only when complete, and
/// removed on any failure, so a target is never left half-written and an existing one is never touched by a
/// failed render.
final class OutputTarget {
  let path: String
  let temporaryPath: String
  private var committed = false

  /// Refuses an existing target unless `overwrite`, and a target whose folder does not exist.
  init(path: String, overwrite: Bool) throws(EngineError) {
    self.path = path
    let url = URL(fileURLWithPath: path)
    let folder = url.deletingLastPathComponent().path
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
      throw .outputFailed(path: path, reason: "cannot create the output: no such folder '\(folder)'")
    }
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
      if isDirectory.boolValue { throw .outputFailed(path: path, reason: "the output is a directory") }
      if !overwrite { throw .outputFailed(path: path, reason: "the output exists; pass -y to replace it") }
    }
    temporaryPath = folder + "/." + url.lastPathComponent + ".clipmerge-\(getpid()).partial"
  }

  deinit {
    if !committed { unlink(temporaryPath) }
  }

  /// Moves the finished temporary file onto the target (rename, atomic on one file system).
  func commit() throws(EngineError) {
    guard rename(temporaryPath, path) == 0 else {
      throw .outputFailed(
        path: path, reason: "cannot move the finished file into place (\(String(cString: strerror(errno))))")
    }
    committed = true
  }
}
