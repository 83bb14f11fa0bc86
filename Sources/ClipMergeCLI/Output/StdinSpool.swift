import Engine
import Foundation

/// An input named `-` is standard input. The engine opens each input more than once (probe, picture, sound), so
/// standard input is first copied to a temporary file, once, and removed when clipmerge ends.
enum StdinSpool {
  nonisolated(unsafe) private static var spooled: String?

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
    spooled = copy.path
    TemporaryFiles.adopt(copy.path)
    while true {
      if SignalTrap.isRaised { throw CommandFailure(EngineError.interrupted) }
      let chunk = FileHandle.standardInput.readData(ofLength: 1 << 20)
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
    if let spooled {
      unlink(spooled)
      TemporaryFiles.release(spooled)
    }
    spooled = nil
  }
}
