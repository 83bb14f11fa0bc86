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

  /// Creates `folder/<prefix><random><suffix>` (without the random part when not `random`), mode 0644 (less
  /// the umask); throws the errno text when no name can be created (the folder is missing or not writable, or
  /// the one name exists).
  public init(folder: String, prefix: String, suffix: String, random: Bool = true) throws(ExclusiveFileError) {
    var attempt = 0
    while true {
      let name = prefix + (random ? String(UInt64.random(in: 0..<(1 << 48)), radix: 36) : "") + suffix
      let candidate = (folder.hasSuffix("/") ? folder : folder + "/") + name
      let fd = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
      if fd >= 0 {
        path = candidate
        descriptor = fd
        return
      }
      attempt += 1
      let failure = errno
      guard random, failure == EEXIST, attempt < 100 else {
        throw ExclusiveFileError(reason: String(cString: strerror(failure)))
      }
    }
  }

  /// Opens an existing target that is a stream (a character device such as /dev/null, a FIFO, a socket; a
  /// symlink to one, such as /dev/stdout, is followed) for writing into it; refuses it when what was opened
  /// turns out to be anything else (a symlink swapped for a file meanwhile), unless `allowingFiles` (/dev/stdout
  /// when the shell redirected it to a file: that file is written from its start, not truncated).
  public init(writingInto target: String, allowingFiles: Bool = false) throws(ExclusiveFileError) {
    let fd = open(target, O_WRONLY | O_CLOEXEC)
    guard fd >= 0 else { throw ExclusiveFileError(reason: String(cString: strerror(errno))) }
    var info = stat()
    let kind = fstat(fd, &info) == 0 ? info.st_mode & S_IFMT : 0
    guard kind == S_IFCHR || kind == S_IFIFO || kind == S_IFSOCK || (allowingFiles && kind == S_IFREG) else {
      close(fd)
      throw ExclusiveFileError(reason: "it changed from a device or pipe into a file while being opened")
    }
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
    if let failure = Self.writeAll(data, to: descriptor) {
      throw ExclusiveFileError(reason: String(cString: strerror(failure)))
    }
  }

  /// Writes all of `data` to `descriptor` with write(2), retrying after EINTR; the errno of a failed write, nil
  /// when all went out (also what standard output and error are written with: Foundation's FileHandle traps).
  public static func writeAll(_ data: Data, to descriptor: Int32) -> Int32? {
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
