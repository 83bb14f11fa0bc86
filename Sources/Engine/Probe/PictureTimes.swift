internal import CFFmpeg
import Composition

/// The source times at which a file's video pictures start, as its packets stamp them (no decoding): every
/// picture the file shows, in order, from the file's start as the renderer counts time (`DecodingStream`).
/// Pictures an edit list hides are left out.
enum PictureTimes {
  /// The most pictures read: more than six hours at 60 fps. A longer file's later pictures fall back to the
  /// frame grid.
  static let limit = 1_500_000

  static func of(path: String) throws(EngineError) -> [MediaTime] {
    let input: InputFile
    do { input = try InputFile(path: path) } catch {
      throw .readFailed(path: path, error, reason: "not a media file clipmerge can read")
    }
    guard let index = StreamSelection.videoStream(of: input) else { return [] }
    let packet: Packet
    do { packet = try Packet() } catch { throw .internalFailure(.planning, "\(error)") }
    input.discardAll(except: index)
    let base = input.stream(index).pointee.time_base
    let start = Timestamp.containerTime(input.startTime) ?? .zero
    var stamps: [Int64] = []
    while stamps.count < limit {
      // The same end as the renderer's reading: a demuxer's damaged tail (a file cut off) ends the pictures; a
      // failed read of the file is an error.
      guard try input.nextPacket(into: packet) else { break }
      let p = packet.pointer.pointee
      if p.stream_index == Int32(index) && p.pts != cm_nopts_value() && p.flags & AV_PKT_FLAG_DISCARD == 0 {
        stamps.append(p.pts)
      }
      packet.unref()
    }
    stamps.sort()
    var times: [MediaTime] = []
    times.reserveCapacity(stamps.count)
    var previous: Int64?
    for stamp in stamps where stamp != previous {
      previous = stamp
      if let time = Timestamp.time(stamp, base) { times.append(time - start) }
    }
    return times
  }
}
