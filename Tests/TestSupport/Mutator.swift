/// Damages copies of media files the ways real files get damaged, deterministically from a seed: flipped bits,
/// overwritten runs, truncation, zeroed regions, duplicated or swapped chunks, and (for MP4) corrupted box
/// sizes and swapped top-level boxes.
public struct Mutator {
  private var state: UInt64

  public init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }

  /// splitmix64.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  public mutating func below(_ n: Int) -> Int { n <= 0 ? 0 : Int(next() % UInt64(n)) }

  /// One damaged copy of `bytes` and a word for what was done.
  public mutating func mutate(_ bytes: [UInt8]) -> (bytes: [UInt8], how: String) {
    var data = bytes
    guard data.count > 16 else { return (data, "unchanged") }
    switch below(9) {
    case 0:
      let flips = 1 + below(24)
      for _ in 0..<flips { data[below(data.count)] ^= UInt8(1 << below(8)) }
      return (data, "\(flips) bit flips")
    case 1:
      let start = below(data.count)
      let length = min(data.count - start, 1 + below(64))
      for i in start..<start + length { data[i] = UInt8(truncatingIfNeeded: next()) }
      return (data, "\(length) random bytes at \(start)")
    case 2:
      let keep = below(data.count)
      return (Array(data[0..<keep]), "truncated to \(keep) bytes")
    case 3:
      let start = below(data.count)
      let length = min(data.count - start, 1 + below(4096))
      for i in start..<start + length { data[i] = 0 }
      return (data, "\(length) zero bytes at \(start)")
    case 4:
      let start = below(data.count)
      let length = min(data.count - start, 1 + below(2048))
      let at = below(data.count)
      data.insert(contentsOf: data[start..<start + length], at: at)
      return (data, "\(length) bytes from \(start) repeated at \(at)")
    case 5:
      let a = below(data.count / 2)
      let b = data.count / 2 + below(data.count / 2)
      let length = min(1 + below(1024), data.count - b, b - a)
      guard length > 0 else { return (data, "unchanged") }
      for i in 0..<length { data.swapAt(a + i, b + i) }
      return (data, "\(length) bytes swapped between \(a) and \(b)")
    case 6:
      let boxes = Self.boxes(data)
      guard !boxes.isEmpty else { return mutate(bytes) }
      let box = boxes[below(boxes.count)]
      let value = [UInt32(0), 1, 7, 0xFFFF_FFFF, UInt32(truncatingIfNeeded: next())][below(5)]
      for i in 0..<4 { data[box.offset + i] = UInt8(truncatingIfNeeded: value >> (24 - 8 * i)) }
      return (data, "box size at \(box.offset) set to \(value)")
    case 7:
      return declaredSize(data) ?? mutate(bytes)
    default:
      let top = Self.topLevelBoxes(data)
      guard top.count >= 2 else { return mutate(bytes) }
      let i = below(top.count)
      var j = below(top.count)
      if i == j { j = (i + 1) % top.count }
      var parts = top.map { Array(data[$0.offset..<$0.offset + $0.size]) }
      parts.swapAt(i, j)
      let covered = top.last.map { $0.offset + $0.size } ?? 0
      return (parts.flatMap { $0 } + Array(data[covered...]), "top-level boxes \(i) and \(j) swapped")
    }
  }

  /// A picture size declared far larger than the data: a PNG's IHDR, a JPEG's SOF0 or an MP4 sample entry
  /// (`avc1`, `hvc1`, `hev1`, `vp09`, `av01`) made to say 16384x16000 (or 65535 by 65535 for the entry); nil when
  /// the bytes hold none of them.
  func declaredSize(_ bytes: [UInt8]) -> (bytes: [UInt8], how: String)? {
    var data = bytes
    func find(_ pattern: [UInt8]) -> Int? {
      data.indices.dropLast(pattern.count).first { data[$0..<$0 + pattern.count].elementsEqual(pattern) }
    }
    if let ihdr = find(Array("IHDR".utf8)), ihdr + 12 <= data.count {
      data.replaceSubrange(ihdr + 4..<ihdr + 12, with: [0, 0, 0x40, 0, 0, 0, 0x3E, 0x80])
      return (data, "PNG header declares 16384x16000")
    }
    if let sof = find([0xFF, 0xC0, 0x00, 0x11]), sof + 9 <= data.count {
      data.replaceSubrange(sof + 5..<sof + 9, with: [0x3E, 0x80, 0x40, 0x00])
      return (data, "JPEG frame header declares 16384x16000")
    }
    for entry in ["avc1", "hvc1", "hev1", "vp09", "av01"] {
      if let type = find(Array(entry.utf8)), type + 32 <= data.count {
        data.replaceSubrange(type + 28..<type + 32, with: [0xFF, 0xFF, 0xFF, 0xFF])
        return (data, "\(entry) sample entry declares 65535x65535")
      }
    }
    return nil
  }

  /// ISO BMFF boxes found by walking containers (offset of the size field, size).
  static func boxes(_ data: [UInt8]) -> [(offset: Int, size: Int)] {
    var found: [(offset: Int, size: Int)] = []
    func walk(_ start: Int, _ end: Int, depth: Int) {
      var offset = start
      while offset + 8 <= end, depth < 6, found.count < 400 {
        let size =
          Int(data[offset]) << 24 | Int(data[offset + 1]) << 16 | Int(data[offset + 2]) << 8 | Int(data[offset + 3])
        guard size >= 8, offset + size <= end else { return }
        found.append((offset, size))
        let type = String(decoding: data[offset + 4..<offset + 8], as: UTF8.self)
        if ["moov", "trak", "mdia", "minf", "stbl", "edts", "udta"].contains(type) {
          walk(offset + 8, offset + size, depth: depth + 1)
        }
        offset += size
      }
    }
    walk(0, data.count, depth: 0)
    return found
  }

  static func topLevelBoxes(_ data: [UInt8]) -> [(offset: Int, size: Int)] {
    var found: [(offset: Int, size: Int)] = []
    var offset = 0
    while offset + 8 <= data.count {
      let size =
        Int(data[offset]) << 24 | Int(data[offset + 1]) << 16 | Int(data[offset + 2]) << 8 | Int(data[offset + 3])
      guard size >= 8, offset + size <= data.count else { break }
      found.append((offset, size))
      offset += size
    }
    return found
  }
}
