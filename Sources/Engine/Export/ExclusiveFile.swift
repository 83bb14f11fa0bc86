import Foundation

/// A file this process created itself, new, in a folder it names: opened with O_CREAT|O_EXCL|O_NOFOLLOW under a
/// name with a random part, so nothing planted in the folder beforehand (a symlink, a file of the same name) is
/// ever written through. Owns the descriptor and closes it in deinit; libavformat writes through
/// `/proc/self/fd/N`, which reaches this very file even if its name is moved or replaced meanwhile.
public final class ExclusiveFile {
  /// The file's name in its folder, as created.
  public let path: String
  /// The open descriptor (write only).
  public let descriptor: Int32

  /// Creates `folder/<prefix><random><suffix>`, mode 0644 (less the umask); throws the errno text when no name
  /// can be created (the folder is missing or not writable).
  public init(folder: String, prefix: String, suffix: String) throws(ExclusiveFileError) {
    var attempt = 0
    while true {
      let name = prefix + String(UInt64.random(in: 0..<(1 << 48)), radix: 36) + suffix
      let candidate = (folder.hasSuffix("/") ? folder : folder + "/") + name
      let fd = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
      if fd >= 0 {
        path = candidate
        descriptor = fd
        return
      }
      attempt += 1
      guard errno == EEXIST, attempt < 100 else { throw ExclusiveFileError(reason: String(cString: strerror(errno))) }
    }
  }

  /// Opens an existing target that is not a regular file (a character device such as /dev/null, a FIFO) for
  /// writing into it, never following a symlink.
  public init(writingInto target: String) throws(ExclusiveFileError) {
    let fd = open(target, O_WRONLY | O_NOFOLLOW | O_CLOEXEC)
    guard fd >= 0 else { throw ExclusiveFileError(reason: String(cString: strerror(errno))) }
    path = target
    descriptor = fd
  }

  deinit {
    close(descriptor)
  }

  /// The name libavformat opens to write this file: the descriptor, whatever the name in the folder is now.
  public var muxerPath: String { "/proc/self/fd/\(descriptor)" }

  /// Writes all of `data`; throws the errno text on a failed write (a full disk).
  public func write(_ data: Data) throws(ExclusiveFileError) {
    let failure: Int32? = data.withUnsafeBytes { raw in
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
    if let failure { throw ExclusiveFileError(reason: String(cString: strerror(failure))) }
  }
}
