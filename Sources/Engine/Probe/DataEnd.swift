internal import CFFmpeg
import Composition

/// Where a file's streams' data really ends, read from the packets at its end (no decoding). A container's
/// header can lie (a recording cut off keeps the length it was meant to have) or say nothing (a WebM written
/// live, to a pipe, has no duration and no cues); the last packets' timestamps tell the truth either way.
enum DataEnd {
  /// How much of the end of the file is read first; grown eightfold while no packet is found, up to the whole
  /// file.
  static let firstWindow: Int64 = 1 << 20

  /// The source time (from the file's start, `start`: the probed file's first time, which a reading opened
  /// without probing its streams does not know) at which the last packet of `streams` ends; nil when no packet
  /// of them has a timestamp.
  static func scan(
    path: String, streams: [Int], start: MediaTime, frameLengths: [Int: MediaTime] = [:]
  ) -> MediaTime? {
    guard var input = try? InputFile(path: path, findStreamInfo: false), let packet = try? Packet(),
      let size = input.byteSize
    else { return nil }
    input.discardAll(except: Set(streams))
    var window = firstWindow
    while true {
      let position = max(0, size - window)
      let seeked = position > 0 && (try? input.seek(toByte: position)) != nil
      if !seeked && (position > 0 || window > firstWindow) {
        // The whole file from a fresh start: a container that cannot seek by byte (APNG), or one whose reading
        // from the middle failed (a seek by byte that its reader cannot follow).
        guard let fresh = try? InputFile(path: path, findStreamInfo: false) else { return nil }
        input = fresh
        input.discardAll(except: Set(streams))
      }
      if let end = lastEnd(input, packet: packet, streams: Set(streams), frameLengths: frameLengths) {
        return max(.zero, end - start)
      }
      if !seeked { return nil }
      window *= 8
    }
  }

  /// Reads to the end of the file (or the first error: a file cut off mid-packet), keeping the latest end of a
  /// packet of `streams`: its timestamp plus its duration, or plus a frame at the stream's rate when the
  /// packet does not say.
  private static func lastEnd(
    _ input: InputFile, packet: Packet, streams: Set<Int>, frameLengths: [Int: MediaTime]
  ) -> MediaTime? {
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
        ?? frameLengths[index] ?? MediaProbe.frameDuration(stream.pointee.avg_frame_rate) ?? .zero
      end = max(end ?? time + length, time + length)
    }
    return end
  }

  /// How far before the stated end the last pictures of an MP4 or QuickTime file are looked for.
  static let lastPacketsWindow = MediaTime(seconds: 2)

  /// MP4 and QuickTime (whose packets are found by time, not by byte): where the last readable packet of
  /// `streams` ends, from the packets of the last `lastPacketsWindow` before `statedEnd` (the file's start:
  /// `start`) to the end of the file or the first that cannot be read (a file cut off). Packets an edit list
  /// leaves out, and one cut short, do not count. Its sample tables' stated durations may end where the last picture begins (a
  /// phone's last picture of 8 ms, the movie's length without it) or past data the file no longer holds.
  static func lastPackets(path: String, streams: [Int], start: MediaTime, statedEnd: MediaTime) -> MediaTime? {
    guard let input = try? InputFile(path: path, findStreamInfo: false), let packet = try? Packet(),
      let size = input.byteSize
    else { return nil }
    input.discardAll(except: Set(streams))
    let from = Timestamp.ticks(
      max(.zero, start + statedEnd - lastPacketsWindow), AVRational(num: 1, den: cm_time_base()), rounding: .down)
    guard (try? input.seek(containerTicks: from)) != nil else { return nil }
    var end: MediaTime?
    var previous: [Int: MediaTime] = [:]
    while (try? input.read(into: packet)) == true {
      defer { packet.unref() }
      let index = Int(packet.streamIndex)
      let p = packet.pointer.pointee
      guard streams.contains(index), p.flags & (AV_PKT_FLAG_DISCARD | AV_PKT_FLAG_CORRUPT) == 0,
        p.pos < 0 || p.pos + Int64(p.size) <= size
      else { continue }
      let base = input.stream(index).pointee.time_base
      guard let time = Timestamp.time(p.pts != cm_nopts_value() ? p.pts : p.dts, base) else { continue }
      // A last packet that states no length (an edit list's end) lasts as long as the one before it.
      let length = Timestamp.time(p.duration, base).flatMap { $0 > .zero ? $0 : nil } ?? previous[index] ?? .zero
      previous[index] = length
      end = max(end ?? time + length, time + length)
    }
    return end.map { max(.zero, $0 - start) }
  }
}
