import Foundation

/// What identifies an input's content across machines: its size and a hash of its bytes (all of them up to
/// 16 MiB; beyond that 64 blocks of 64 KiB spread evenly from the first byte to the last, about 4 MiB read
/// whatever the size). A byte-identical copy (rsync without -t, GNU parallel's --basefile, an object store) has
/// the same fingerprint; a touched file keeps it; a re-encode, a trim or an edit of a sampled block changes it.
/// Not a defence against a file made to collide: the job folder is trusted as the inputs are.
struct ContentFingerprint: Codable, Equatable {
  var size: Int64
  /// FNV-1a (64 bits) of the sampled bytes, in hexadecimal.
  var sample: String

  static let wholeFileLimit: Int64 = 16 << 20
  static let blockCount: Int64 = 64
  static let blockSize: Int64 = 64 << 10

  /// The fingerprint of the file at `path` now; nil when it cannot be opened or read (a read error is never
  /// taken for a shorter file).
  init?(path: String) {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    let size = Int64(info.st_size)
    var hash = FNV1a()
    var buffer = [UInt8](repeating: 0, count: Int(Self.blockSize))
    for (offset, length) in Self.blocks(size: size) {
      var done: Int64 = 0
      while done < length {
        let want = Int(min(length - done, Self.blockSize))
        let got = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, want, off_t(offset + done)) }
        if got < 0, errno == EINTR { continue }
        guard got > 0 else { return nil }
        hash.feed(buffer[0..<got])
        done += Int64(got)
      }
    }
    self.size = size
    sample = hash.hex
  }

  /// The byte ranges read from a file of `size` bytes: the whole file, or `blockCount` blocks from the first
  /// byte to the last.
  static func blocks(size: Int64) -> [(offset: Int64, length: Int64)] {
    guard size > wholeFileLimit else { return size == 0 ? [] : [(offset: Int64(0), length: size)] }
    let last = size - blockSize
    return (0..<blockCount).map { k in (last * k / (blockCount - 1), blockSize) }
  }
}
