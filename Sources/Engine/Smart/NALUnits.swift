/// NAL units as the two ways a stream carries them: an Annex B byte stream (start codes, what x264 and x265 give)
/// and MP4 samples (4-byte lengths before each unit); and the escaping (emulation prevention) between a unit's
/// payload and its raw bytes.
enum NALUnits {
  /// The units of an Annex B byte stream (3- or 4-byte start codes), trailing zeros dropped.
  static func annexB(_ bytes: [UInt8]) -> [[UInt8]] {
    var units: [[UInt8]] = []
    var start: Int?
    var i = 0
    while i + 2 < bytes.count {
      if bytes[i] == 0, bytes[i + 1] == 0, bytes[i + 2] == 1 {
        if let s = start {
          var end = i
          while end > s, bytes[end - 1] == 0 { end -= 1 }
          units.append(Array(bytes[s..<end]))
        }
        i += 3
        start = i
      } else {
        i += 1
      }
    }
    if let s = start, s < bytes.count { units.append(Array(bytes[s...])) }
    return units.filter { !$0.isEmpty }
  }

  /// `units` as an MP4 sample: each after its length in 4 bytes.
  static func lengthPrefixed(_ units: [[UInt8]]) -> [UInt8] {
    var out: [UInt8] = []
    for unit in units {
      let n = unit.count
      out += [UInt8(n >> 24 & 0xFF), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)] + unit
    }
    return out
  }

  /// Where each unit of an MP4 sample (4-byte lengths) lies; nil when a length runs past the end.
  static func ranges(lengthPrefixed bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>]? {
    var ranges: [Range<Int>] = []
    var i = 0
    while i + 4 <= bytes.count {
      let n = Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
      guard n > 0, i + 4 + n <= bytes.count else { return nil }
      ranges.append(i + 4..<i + 4 + n)
      i += 4 + n
    }
    return i == bytes.count ? ranges : nil
  }

  /// The payload of escaped bytes: every 0x03 after two zero bytes dropped.
  static func unescaped(_ raw: ArraySlice<UInt8>) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(raw.count)
    var zeros = 0
    for b in raw {
      if zeros >= 2 && b == 3 {
        zeros = 0
        continue
      }
      zeros = b == 0 ? zeros + 1 : 0
      out.append(b)
    }
    return out
  }

  /// `payload` escaped: a 0x03 before any byte up to 3 that follows two zero bytes, and after a final zero pair.
  static func escaped(_ payload: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(payload.count + payload.count / 64)
    var zeros = 0
    for b in payload {
      if zeros >= 2 && b <= 3 {
        out.append(3)
        zeros = 0
      }
      out.append(b)
      zeros = b == 0 ? zeros + 1 : 0
    }
    if zeros >= 2 { out.append(3) }
    return out
  }
}
