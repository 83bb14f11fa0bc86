import Foundation

/// A small file read whole with read(2), up to a limit: for text inputs (subtitles) read before FFmpeg reads them.
/// (Foundation's `FileManager.contents(atPath:)` lost 4096 bytes on some damaged files under the leak check.)
enum SmallFile {
  /// The bytes of `path`, nil when it cannot be read or holds more than `limit` bytes.
  static func read(_ path: String, limit: Int) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        return nil
      }
      if count == 0 { return bytes }
      bytes += chunk[..<count]
      if bytes.count > limit { return nil }
    }
  }
}
