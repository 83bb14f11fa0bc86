import Foundation

/// Writes to standard output and standard error with write(2), never trapping: Foundation's FileHandle.write
/// stops the process with SIGILL on any failed write. A failed write to standard output (a full disk, a closed
/// descriptor) ends the process with 73, a reader gone (EPIPE) with 141, after one line on standard error; a
/// failed write to standard error is dropped (there is nowhere left to say so).
enum StandardStream {
  /// Writes all of `data` to standard output, or ends the process.
  static func out(_ data: Data) {
    guard let failure = write(data, to: STDOUT_FILENO) else { return }
    err(Data("clipmerge: error: cannot write to standard output (\(String(cString: strerror(failure))))\n".utf8))
    StdinSpool.cleanUp()
    exit(failure == EPIPE ? ExitCode.brokenPipe.rawValue : ExitCode.cannotCreate.rawValue)
  }

  /// Writes `data` to standard error, as much as can be.
  static func err(_ data: Data) {
    _ = write(data, to: STDERR_FILENO)
  }

  /// Writes all of `data` to `descriptor`; the errno of a failed write, nil when all went out.
  private static func write(_ data: Data, to descriptor: Int32) -> Int32? {
    data.withUnsafeBytes { raw -> Int32? in
      var offset = 0
      while offset < raw.count {
        let n = Foundation.write(descriptor, raw.baseAddress.unsafelyUnwrapped + offset, raw.count - offset)
        if n < 0 {
          if errno == EINTR { continue }
          return errno
        }
        offset += n
      }
      return nil
    }
  }
}
