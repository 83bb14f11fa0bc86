import CFFmpeg

/// Measures whether a video stream's frames are evenly spaced, from its packets' timestamps (no decoding).
enum FrameSpacing {
  /// How many packets are read at most.
  static let sampleLimit = 600

  /// True when the spacing of the first frames varies by more than a quarter of its median. Packets much closer
  /// than the median (hidden VP9 alt-ref frames) are not frames of their own and are left out.
  static func isVariable(path: String, stream index: Int) -> Bool? {
    guard let input = try? InputFile(path: path, findStreamInfo: false), let packet = try? Packet() else { return nil }
    input.discardAll(except: index)
    var stamps: [Int64] = []
    while stamps.count < sampleLimit, (try? input.read(into: packet)) == true {
      if packet.streamIndex == Int32(index) && packet.pointer.pointee.pts != cm_nopts_value() {
        stamps.append(packet.pointer.pointee.pts)
      }
      packet.unref()
    }
    stamps.sort()
    let deltas = zip(stamps.dropFirst(), stamps).map { $0 - $1 }.filter { $0 > 0 }
    guard deltas.count >= 2 else { return nil }
    let median = deltas.sorted()[deltas.count / 2]
    let frames = deltas.filter { $0 * 4 >= median }
    guard let low = frames.min(), let high = frames.max() else { return nil }
    return Double(high - low) > 0.25 * Double(median)
  }
}
