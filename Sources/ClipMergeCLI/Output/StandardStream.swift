import ClipMergeKit
import Foundation
import Synchronization

/// Writes to standard output and standard error with write(2), never trapping: Foundation's FileHandle.write
/// stops the process with SIGILL on any failed write. After a failed write to standard output (a full disk, a
/// closed descriptor, a reader gone) one line goes to standard error, later writes are dropped, and the command
/// ends with 73, or 141 for a broken pipe (`ClipMerge.main` asks `failureCode`); a failed write to standard
/// error is dropped (there is nowhere left to say so).
enum StandardStream {
  /// The errno of the first failed write to standard output; 0 while none has failed.
  private static let outputFailure = Atomic<Int32>(0)

  /// The exit code a failed write to standard output calls for, nil when none failed.
  static var failureCode: ExitCode? {
    switch outputFailure.load(ordering: .relaxed) {
    case 0: return nil
    case EPIPE: return .brokenPipe
    default: return .cannotCreate
    }
  }

  /// Forgets an earlier run's failed write (a program or test running several commands in one process).
  static func resetFailure() { outputFailure.store(0, ordering: .relaxed) }

  /// Writes all of `data` to standard output; after a failure, nothing more.
  static func out(_ data: Data) {
    guard outputFailure.load(ordering: .relaxed) == 0,
      let failure = ExclusiveFile.writeAll(data, to: STDOUT_FILENO)
    else { return }
    outputFailure.store(failure, ordering: .relaxed)
    err(Data("clipmerge: error: cannot write to standard output (\(String(cString: strerror(failure))))\n".utf8))
  }

  /// Writes `data` to standard error, as much as can be.
  static func err(_ data: Data) {
    _ = ExclusiveFile.writeAll(data, to: STDERR_FILENO)
  }
}
