internal import CFFmpeg
import Composition

/// Where a file's streams' data really ends, read from the packets at its end (no decoding). A container's
/// header can lie (a recording cut off keeps the length it was meant to have) or say nothing (a WebM written
/// live, to a pipe, has no duration and no cues); the last packets' timestamps tell the truth either way.
enum DataEnd {
  /// How much of the end of the file is read first; grown eightfold while no packet is found, up to the whole
  /// file.
  static let firstWindow: Int64 = 1 << 20

  /// The source time (from the file's start) at which the last packet of `streams` ends; nil when no packet
  /// of them has a timestamp.
  static func scan(path: String, streams: [Int]) -> MediaTime? {
    guard let input = try? InputFile(path: path, findStreamInfo: false), let packet = try? Packet(),
      let size = input.byteSize
    else { return nil }
    input.discardAll(except: Set(streams))
    let start = Timestamp.containerTime(input.startTime) ?? .zero
    var window = firstWindow
    while true {
      let position = max(0, size - window)
      if position > 0 {
        guard (try? input.seek(toByte: position)) != nil else { return nil }
      }
      if let end = lastEnd(input, packet: packet, streams: Set(streams)) { return max(.zero, end - start) }
      if position == 0 { return nil }
      window *= 8
    }
  }

  /// Reads to the end of the file (or the first error: a file cut off mid-packet), keeping the latest end of a
  /// packet of `streams`: its timestamp plus its duration, or plus a frame at the stream's rate when the
  /// packet does not say.
  private static func lastEnd(_ input: InputFile, packet: Packet, streams: Set<Int>) -> MediaTime? {
    var end: MediaTime?
    // An I/O error leaves the end unknown (nil), never the end of what was read so far.
    while true {
      guard let more = try? input.nextPacket(into: packet) else { return nil }
      guard more else { break }
      defer { packet.unref() }
      let index = Int(packet.streamIndex)
      guard streams.contains(index) else { continue }
      let stream = input.stream(index)
      let p = packet.pointer.pointee
      let stamp = p.pts != cm_nopts_value() ? p.pts : p.dts
      guard let time = Timestamp.time(stamp, stream.pointee.time_base) else { continue }
      let length =
        Timestamp.time(p.duration, stream.pointee.time_base).flatMap { $0 > .zero ? $0 : nil }
        ?? MediaProbe.frameDuration(stream.pointee.avg_frame_rate) ?? .zero
      end = max(end ?? time + length, time + length)
    }
    return end
  }
}
