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
    // Nothing to read at all: a closed standard input (`<&-`) is a missing input, said plainly.
    guard fcntl(STDIN_FILENO, F_GETFD) != -1 else {
      throw CommandFailure("-: standard input is closed; pipe the media in or name a file", code: .noInput)
    }
    let folder = FileManager.default.temporaryDirectory.path
    let copy: ExclusiveFile
    do {
      copy = try ExclusiveFile(folder: folder, prefix: "clipmerge-stdin-\(getpid())-", suffix: "")
    } catch {
      throw CommandFailure("-: cannot copy standard input to \(folder) (\(error.reason))", code: .cannotCreate)
    }
    copyPath.withLock { $0 = copy.path }
    TemporaryFiles.adopt(copy.path)
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      if SignalTrap.isRaised { throw CommandFailure(EngineError.interrupted) }
      // read(2) itself, so a failure is told with the system's words: a folder as standard input is no media,
      // anything else a failed read; a signal's interruption goes round to the check above.
      let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
      if count < 0 {
        let code = errno
        if code == EAGAIN {
          // A non-blocking standard input: wait for data (a tenth of a second at a time, to see a signal).
          var waiting = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
          _ = poll(&waiting, 1, 100)
        }
        if code == EINTR || code == EAGAIN { continue }
        let reason = String(cString: strerror(code)).lowercased()
        if code == EISDIR { throw CommandFailure("-: standard input is a folder, not media", code: .noInput) }
        throw CommandFailure("-: cannot read standard input (\(reason))", code: .ioError)
      }
      let chunk = Data(buffer[..<count])
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
