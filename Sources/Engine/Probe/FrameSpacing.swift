internal import CFFmpeg
import Composition

/// Measures whether a video stream's frames are evenly spaced, from its packets' timestamps (no decoding).
enum FrameSpacing {
  /// How many packets are read at most.
  static let sampleLimit = 600

  /// How a stream's first frames are spaced: the shortest and the longest step between them, and the step of
  /// the closest frames.
  struct Measure {
    var shortest: MediaTime
    var longest: MediaTime
    /// The tenth percentile of the steps (so a stray pair stamped closer by a recorder's jitter does not count).
    var closest: MediaTime
    /// The pictures' usual spacing: the mean step of evenly spaced frames (a clock of 200 ticks a second
    /// spaces 30 fps 35, 35 and 30 ms apart), the median step of unevenly spaced ones.
    var typical: MediaTime
    /// The steps differ by more than the container's rounding: two ticks of its time base, or a tenth of the
    /// median step (100, 90 and 80 ms steps; a dropped frame; a phone's 30 fps slowing to 24 in low light).
    var isVariable: Bool
  }

  /// The spacing of `path`'s stream `index`, from its first packets (one reading of them); nil for fewer than
  /// three frames.
  static func measure(path: String, stream index: Int) -> Measure? {
    guard let input = InputFile.reading(path: path, stream: index), let frames = intervals(input, stream: index),
      let low = frames.first, let high = frames.last,
      let median = frames.middle
    else { return nil }
    let base = input.stream(index).pointee.time_base
    guard let shortest = Timestamp.time(low, base), let longest = Timestamp.time(high, base),
      let closest = Timestamp.time(frames[frames.count / 10], base), let middle = Timestamp.time(median, base),
      let total = Timestamp.time(frames.reduce(0, +), base)
    else { return nil }
    let isVariable = high - low > max(2, median / 10)
    let mean = total.multiplied(by: 1, dividedBy: Int64(frames.count))
    return Measure(
      shortest: shortest, longest: longest, closest: closest, typical: isVariable ? middle : mean,
      isVariable: isVariable)
  }

  /// The intervals between the first frames' presentation stamps, sorted; packets much closer than the median
  /// (hidden VP9 alt-ref frames) are not frames of their own and are left out. Nil for fewer than two.
  private static func intervals(_ input: InputFile, stream index: Int) -> [Int64]? {
    guard let packet = try? Packet() else { return nil }
    input.discardAll(except: index)
    var stamps: [Int64] = []
    while stamps.count < sampleLimit, (try? input.read(into: packet)) == true {
      // A packet without a presentation stamp is timed by its decoding stamp (AVI's packed B-pictures).
      let p = packet.pointer.pointee
      let stamp = p.pts != cm_nopts_value() ? p.pts : p.dts
      if packet.streamIndex == Int32(index) && stamp != cm_nopts_value() { stamps.append(stamp) }
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
