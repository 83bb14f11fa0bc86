internal import CFFmpeg
import Composition

/// Measures whether a video stream's frames are evenly spaced, from its packets' timestamps (no decoding).
enum FrameSpacing {
  /// How many packets are read at most.
  static let sampleLimit = 600

  /// True when the spacing of the first frames varies by more than a quarter of its median.
  static func isVariable(path: String, stream index: Int) -> Bool? {
    guard let frames = intervals(path: path, stream: index), let low = frames.first, let high = frames.last,
      let median = frames.middle
    else { return nil }
    return Double(high - low) > 0.25 * Double(median)
  }

  /// The spacing of the closest frames: the tenth percentile of the intervals between the first frames (so a
  /// stray pair stamped closer by a recorder's jitter does not count), in the stream's time base.
  static func shortSpacing(path: String, stream index: Int) -> MediaTime? {
    guard let input = try? InputFile(path: path, findStreamInfo: false), index < input.streamCount,
      let frames = intervals(input, stream: index), !frames.isEmpty
    else { return nil }
    return Timestamp.time(frames[frames.count / 10], input.stream(index).pointee.time_base)
  }

  /// The intervals between the first frames' presentation stamps, sorted; packets much closer than the median
  /// (hidden VP9 alt-ref frames) are not frames of their own and are left out. Nil for fewer than two.
  private static func intervals(path: String, stream index: Int) -> [Int64]? {
    guard let input = try? InputFile(path: path, findStreamInfo: false), index < input.streamCount else {
      return nil
    }
    return intervals(input, stream: index)
  }

  private static func intervals(_ input: InputFile, stream index: Int) -> [Int64]? {
    guard let packet = try? Packet() else { return nil }
    input.discardAll(except: index)
    var stamps: [Int64] = []
    while stamps.count < sampleLimit, (try? input.read(into: packet)) == true {
      if packet.streamIndex == Int32(index) && packet.pointer.pointee.pts != cm_nopts_value() {
        stamps.append(packet.pointer.pointee.pts)
      }
      packet.unref()
    }
    stamps.sort()
    let deltas = zip(stamps.dropFirst(), stamps).map { $0 - $1 }.filter { $0 > 0 }.sorted()
    guard deltas.count >= 2, let median = deltas.middle else { return nil }
    return deltas.filter { $0 * 4 >= median }
  }
}

extension Array where Element == Int64 {
  /// The middle element of a sorted array.
  fileprivate var middle: Int64? { isEmpty ? nil : self[count / 2] }
}
