import ClipMergeKit
import Foundation
import Synchronization

/// An input named `-` is standard input. The engine opens each input more than once (probe, picture, sound), so
/// standard input is first copied to a temporary file, once, and removed when clipmerge ends.
enum StdinSpool {
  /// The copy's path once made (read by error messages, possibly from another thread than the one that made it).
  private static let copyPath = Mutex<String?>(nil)
  private static var spooled: String? { copyPath.withLock { $0 } }

  /// `path`, or for `-` the temporary copy of standard input.
  static func resolve(_ path: String) throws(CommandFailure) -> String {
    guard path == "-" else { return path }
    if let spooled { return spooled }
    let folder = FileManager.default.temporaryDirectory.path
    let copy: ExclusiveFile
    do {
      copy = try ExclusiveFile(folder: folder, prefix: "clipmerge-stdin-\(getpid())-", suffix: "")
    } catch {
      throw CommandFailure("-: cannot copy standard input to \(folder) (\(error.reason))", code: .cannotCreate)
    }
    copyPath.withLock { $0 = copy.path }
    TemporaryFiles.adopt(copy.path)
    while true {
      if SignalTrap.isRaised { throw CommandFailure(EngineError.interrupted) }
      // A failed read is an error with its code, not a trap (readData(ofLength:) traps on one).
      let chunk: Data
      do { chunk = try FileHandle.standardInput.read(upToCount: 1 << 20) ?? Data() } catch {
        throw CommandFailure("-: cannot read standard input (\(error.localizedDescription))", code: .ioError)
      }
      if chunk.isEmpty { break }
      do { try copy.write(chunk) } catch {
        throw CommandFailure("-: cannot copy standard input (\(error.reason))", code: .cannotCreate)
      }
    }
    return copy.path
  }

  /// `text` with the copy's path put back as `-`, so messages name the input as the user did.
  static func userFacing(_ text: String) -> String {
    guard let spooled else { return text }
    return text.replacingOccurrences(of: spooled, with: "-")
  }

  /// Removes the copy, if one was made.
  static func cleanUp() {
    guard
      let spooled = copyPath.withLock({ path in
        defer { path = nil }
        return path
      })
    else { return }
    unlink(spooled)
    TemporaryFiles.release(spooled)
  }
}
