internal import CFFmpeg
import Composition

/// Finds where a truncated file's data really ends. A file cut short (a copy interrupted, a recording that
/// crashed) can keep an index that lists samples past its end; FFmpeg then reports the stated duration. The
/// index says where each sample lies in the file: the first one that lies past the end of the file is where
/// the picture and sound stop.
enum TruncationCheck {
  /// The source time where the data of the streams clipmerge uses ends, when the file is shorter than its index
  /// says; nil when it is whole (or has no index to tell).
  static func dataEnd(of input: InputFile, streams: [Int]) -> MediaTime? {
    guard let pb = input.format.pointee.pb else { return nil }
    let size = avio_size(pb)
    guard size > 0 else { return nil }
    let start = Timestamp.containerTime(input.startTime) ?? .zero
    var end: MediaTime?
    for index in streams {
      let stream = input.stream(index)
      let count = avformat_index_get_entries_count(stream)
      guard count > 0, let last = avformat_index_get_entry(stream, count - 1),
        last.pointee.pos + Int64(last.pointee.size) > size
      else { continue }
      // Binary search for the first entry that does not fit in the file.
      var low: Int32 = 0
      var high = count - 1
      while low < high {
        let mid = (low + high) / 2
        guard let entry = avformat_index_get_entry(stream, mid) else { return nil }
        if entry.pointee.pos + Int64(entry.pointee.size) > size { high = mid } else { low = mid + 1 }
      }
      guard let first = avformat_index_get_entry(stream, low) else { continue }
      guard let t = Timestamp.time(first.pointee.timestamp, stream.pointee.time_base) else { continue }
      let streamEnd = max(.zero, t - start)
      end = max(end ?? .zero, streamEnd)
    }
    return end
  }
}
