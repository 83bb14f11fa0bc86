internal import CFFmpeg
import Composition

/// Where a file's video sync samples (keyframes) show, from the container's index alone (MP4 and QuickTime
/// list every sample; nothing is decoded or read beyond the first packet): source times, ascending. A segment
/// that starts on one decodes nothing before its first frame.
public enum SyncSampleIndex {
  /// The keyframes' presentation times; empty when the file has no index to tell (or no video).
  public static func times(of path: String) -> [MediaTime] {
    guard let input = try? InputFile(path: path), let index = StreamSelection.videoStream(of: input),
      let packet = try? Packet()
    else { return [] }
    let stream = input.stream(index)
    let base = stream.pointee.time_base
    let fileStart = Timestamp.containerTime(input.startTime) ?? .zero
    // The index holds decode times; a keyframe shows later by the stream's B-picture delay, which its first
    // keyframe tells.
    input.discardAll(except: index)
    var delay: Int64 = 0
    while (try? input.read(into: packet)) == true {
      defer { packet.unref() }
      let p = packet.pointer.pointee
      guard Int(p.stream_index) == index else { continue }
      if p.pts != cm_nopts_value(), p.dts != cm_nopts_value() { delay = max(0, p.pts - p.dts) }
      break
    }
    var times: [MediaTime] = []
    for k in 0..<avformat_index_get_entries_count(stream) {
      guard let entry = avformat_index_get_entry(stream, k)?.pointee, entry.flags & AVINDEX_KEYFRAME != 0,
        entry.flags & AVINDEX_DISCARD_FRAME == 0, let time = Timestamp.time(entry.timestamp + delay, base)
      else { continue }
      times.append(time - fileStart)
    }
    return times.sorted()
  }
}
