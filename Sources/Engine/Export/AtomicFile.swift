import Foundation

/// A file written complete or not at all, the one way clipmerge writes any file (media, stills, reports, job
/// files). The bytes go to a temporary file beside the target, created new by this process
/// (`.NAME.clipmerge-PID-RANDOM.partial`, O_EXCL|O_NOFOLLOW: nothing planted there is written through), moved
/// into place by `commit` and removed on any failure. Without overwrite the move never replaces a file that
/// appeared meanwhile (a second run racing for the same name fails instead); with it, a symlink at the target is
/// replaced, never followed. A target that exists and is not a regular file (a character device such as
/// /dev/null, a FIFO) is written into and never replaced.
public final class AtomicFile {
  /// The target.
  public let path: String
  private let file: ExclusiveFile
  private let replaces: Bool
  private var committed = false

  /// Refuses an existing target unless `overwrite`, and a target whose folder does not exist; removes stale
  /// temporary files of the target (of runs that are gone).
  public init(path: String, overwrite: Bool) throws(EngineError) {
    self.path = path
    replaces = overwrite
    try Self.checkPlace(path, overwrite: overwrite)
    do throws(ExclusiveFileError) {
      switch Self.kind(of: path) {
      case .blockDevice:
        throw ExclusiveFileError(reason: "it is a block device (a disk); clipmerge writes files, pipes and /dev/null")
      case .stream:
        file = try ExclusiveFile(writingInto: path, allowingFiles: Self.isSystemPath(path))
        if isatty(file.descriptor) == 1 {
          throw ExclusiveFileError(reason: "it is a terminal; media is never written to one")
        }
      case .file:
        let target = URL(fileURLWithPath: path)
        let folder = target.deletingLastPathComponent().path
        let prefix = Self.temporaryPrefix(for: target.lastPathComponent)
        Self.removeStaleTemporaries(in: folder, prefix: prefix)
        file = try ExclusiveFile(folder: folder, prefix: prefix + "\(getpid())-", suffix: ".partial")
        TemporaryFiles.add(file.path)
      }
    } catch {
      throw .outputFailed(path: path, reason: "cannot create the output (\(error.reason))")
    }
  }

  deinit {
    if !committed && !writesInPlace {
      unlink(file.path)
      TemporaryFiles.remove(file.path)
    }
  }

  /// Writes `data` to `path` as one atomic file.
  public static func write(_ data: Data, to path: String, overwrite: Bool) throws(EngineError) {
    let file = try AtomicFile(path: path, overwrite: overwrite)
    try file.write(data)
    try file.commit()
  }

  /// Whether the bytes go straight into the target (a device or a FIFO).
  private var writesInPlace: Bool { file.path == path }

  /// Whether the bytes go to a temporary file (to be moved into place), which can be read back before.
  var isTemporary: Bool { !writesInPlace }

  /// The name libavformat opens to write the file (its descriptor).
  public var muxerPath: String { file.muxerPath }

  /// Appends `data`.
  public func write(_ data: Data) throws(EngineError) {
    do { try file.write(data) } catch {
      throw .outputFailed(path: path, reason: "cannot write the output (\(error.reason))")
    }
  }

  /// Moves the finished file into place: a rename with overwrite (atomic on one file system); without, a link
  /// that fails when a file has appeared at the target meanwhile, then the temporary name is removed. Nothing
  /// for a device or a FIFO.
  public func commit() throws(EngineError) {
    if writesInPlace {
      committed = true
      return
    }
    // The bytes on disk before the name points at them: a power cut leaves the old file or the whole new one.
    guard fsync(file.descriptor) == 0 else {
      let failure = errno
      throw .outputFailed(path: path, reason: "cannot write the output (\(String(cString: strerror(failure))))")
    }
    if replaces {
      let failure = try move(rename)
      guard failure == 0 else {
        throw .outputFailed(
          path: path, reason: "cannot move the finished file into place (\(String(cString: strerror(failure))))")
      }
      committed = true
      return
    }
    // The temporary name goes in the same step, so a run stopped right after leaves nothing behind.
    let failure = try move { temporary, target in
      let linked = link(temporary, target)
      if linked == 0 { unlink(temporary) }
      return linked
    }
    if failure != 0 {
      var existing = stat()
      if failure == EEXIST || lstat(path, &existing) == 0 {
        throw .outputFailed(
          path: path, reason: "the output appeared while clipmerge was writing it; pass -y to replace it")
      }
      // A file system without hard links (FAT, some network shares): a rename, the target checked just before.
      guard [EPERM, EOPNOTSUPP].contains(failure), rename(file.path, path) == 0 else {
        throw .outputFailed(
          path: path, reason: "cannot move the finished file into place (\(String(cString: strerror(failure))))")
      }
      TemporaryFiles.remove(file.path)
      committed = true
      return
    }
    committed = true
  }

  /// Puts the temporary file at the target with `call` (rename or link) unless the run is being stopped by a
  /// signal (then nothing is moved: interrupted); the errno of a failure, 0 on success.
  private func move(_ call: (UnsafePointer<CChar>, UnsafePointer<CChar>) -> Int32) throws(EngineError) -> Int32 {
    var failure: Int32 = 0
    let ran = TemporaryFiles.commit(file.path) {
      if call(file.path, path) == 0 { return true }
      failure = errno
      return false
    }
    if !ran && failure == 0 { throw .interrupted }
    return failure
  }

  /// Refuses a file path whose folder does not exist, that is a directory, or that exists without `overwrite`
  /// (a dangling symlink exists too): what every writer of a file checks before writing anything.
  public static func checkPlace(_ path: String, overwrite: Bool) throws(EngineError) {
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
      throw .outputFailed(path: path, reason: "cannot create the output: no such folder '\(folder)'")
    }
    var link = stat()
    guard lstat(path, &link) == 0 else { return }
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
      throw .outputFailed(path: path, reason: "the output is a directory")
    }
    if !overwrite { throw .outputFailed(path: path, reason: "the output exists; pass -y to replace it") }
  }

  /// What a target is: a file to replace, a stream to write into (a character device such as /dev/null, a FIFO,
  /// a socket, anything in /dev or /proc such as /dev/stdout or a process substitution's /dev/fd/N), or a disk.
  enum Kind { case file, stream, blockDevice }

  static func kind(of path: String) -> Kind {
    // /dev and /proc are never written by name: /dev/stdout or /dev/fd/N is the descriptor it names, whatever
    // that is (a file the shell redirected to, a pipe), written into, and nothing there is ever replaced.
    if isSystemPath(path) { return .stream }
    var info = stat()
    guard stat(path, &info) == 0 else { return .file }
    switch info.st_mode & S_IFMT {
    case S_IFCHR, S_IFIFO, S_IFSOCK: return .stream
    case S_IFBLK: return .blockDevice
    default: return .file
    }
  }

  /// Whether `path` lies in /dev or /proc (spelled so or reached by a symlink).
  static func isSystemPath(_ path: String) -> Bool {
    let standard = URL(fileURLWithPath: path).standardizedFileURL.path
    let real = realpath(path, nil).map { pointer in
      defer { free(pointer) }
      return String(cString: pointer)
    }
    return [standard, real ?? ""].contains { $0.hasPrefix("/dev/") || $0.hasPrefix("/proc/") }
  }

  /// This machine's name as temporary files carry it (letters, digits and dashes), so a run on another machine
  /// sharing the folder never takes a live file of its own for a dead one of this machine.
  public static let host: String = {
    var buffer = [CChar](repeating: 0, count: 256)
    guard gethostname(&buffer, buffer.count - 1) == 0 else { return "host" }
    let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let kept = name.unicodeScalars.filter {
      ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
    }
    return kept.isEmpty ? "host" : String(String.UnicodeScalarView(kept.prefix(32)))
  }()

  /// The start of the temporary file's name for a target named `name`: `.NAME.clipmerge-HOST-`, with NAME cut
  /// short (and a hash of the whole name after it, so the prefix still names one target) where the whole
  /// temporary name (the PID, 10 random characters and `.partial` follow) would pass the 255 bytes a file name
  /// may have: a valid name of up to 255 bytes is a valid target.
  static func temporaryPrefix(for name: String) -> String {
    let tail = ".clipmerge-" + host + "-"
    // "." + name + tail, then up to 7 digits of PID, "-", 10 random characters and ".partial".
    let room = 255 - 1 - tail.utf8.count - 26
    guard name.utf8.count > room else { return "." + name + tail }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    let mark = "~" + String(hash, radix: 16)
    var kept = ""
    for character in name {
      guard kept.utf8.count + String(character).utf8.count + mark.utf8.count <= room else { break }
      kept.append(character)
    }
    return "." + kept + mark + tail
  }

  /// Removes temporary files of this target left by runs on this machine that are gone (killed by SIGKILL, a
  /// power cut): those named with the prefix (which holds the machine's name) and the PID of no running
  /// process. Another live run's file is left alone.
  static func removeStaleTemporaries(in folder: String, prefix: String) {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
    for name in names where name.hasPrefix(prefix) && name.hasSuffix(".partial") {
      guard let pid = Int32(name.dropFirst(prefix.count).prefix { $0 != "-" }), pid > 0, pid != getpid() else {
        continue
      }
      if kill(pid, 0) != 0 && errno == ESRCH { unlink(folder + "/" + name) }
    }
  }
}
