internal import CFFmpeg
import Composition

/// The groups of pictures of a file's H.264 video stream, from a packet scan (no decoding): for each, where its
/// packets start in the file and which presentation times it holds. A group can be copied into a smart render
/// only when it is closed: it starts with an IDR picture and its packets, in decode order up to the next
/// keyframe, hold exactly the pictures shown from its start up to the next group's (no picture borrowed from a
/// neighbour, as an open GOP's leading pictures are).
struct GOPIndex {
  struct Group {
    /// Presentation times (source time, from the file's start) of its pictures, ascending.
    var times: [MediaTime]
    /// Index of its first packet in `packets`, and how many it has.
    var firstPacket: Int
    var packetCount: Int
    /// Starts with an IDR picture and is closed.
    var isClosed: Bool
    /// How far its decode times run ahead of presentation (its keyframe's pts − dts), as source time.
    var delay: MediaTime
  }

  struct PacketInfo {
    var pts: Int64
    var dts: Int64
    var isKey: Bool
  }

  var groups: [Group] = []
  var packets: [PacketInfo] = []
  /// The video stream's index and time base, and the file's start (what source time zero is).
  let stream: Int
  let timeBase: AVRational
  let fileStart: MediaTime

  /// Scans every video packet of `path`.
  init(path: String) throws(EngineError) {
    let input: InputFile
    let packet: Packet
    do {
      // Probed as the decoder probes it, so source time zero is the same file start.
      input = try InputFile(path: path)
      packet = try Packet()
    } catch {
      throw .readFailed(path: path, error, reason: "not a media file clipmerge can read")
    }
    guard let video = StreamSelection.videoStream(of: input) else {
      throw .invalidInput(path: path, reason: "no video stream")
    }
    stream = video
    timeBase = input.stream(video).pointee.time_base
    fileStart = Timestamp.containerTime(input.startTime) ?? .zero
    input.discardAll(except: video)
    var idr: [Bool] = []
    while try input.nextPacket(into: packet) {
      defer { packet.unref() }
      let p = packet.pointer.pointee
      guard Int(p.stream_index) == video, p.pts != cm_nopts_value(), p.dts != cm_nopts_value() else { continue }
      // Pictures an edit list hides are not shown: a group holding one is not copied.
      let hidden = p.flags & AV_PKT_FLAG_DISCARD != 0
      packets.append(PacketInfo(pts: p.pts, dts: p.dts, isKey: p.flags & AV_PKT_FLAG_KEY != 0 && !hidden))
      idr.append(
        p.data.map { AVCConfiguration.isIDR(lengthPrefixed: UnsafeBufferPointer(start: $0, count: Int(p.size))) }
          ?? false)
      if hidden { packets[packets.count - 1].pts = Int64.min }
    }
    let keys = packets.indices.filter { packets[$0].isKey }
    for (k, first) in keys.enumerated() {
      let end = k + 1 < keys.count ? keys[k + 1] : packets.count
      let slice = packets[first..<end]
      let stamps = slice.map(\.pts).sorted()
      let nextStart = k + 1 < keys.count ? packets[keys[k + 1]].pts : Int64.max
      let closed =
        idr[first] && stamps.first == packets[first].pts && (stamps.last ?? .max) < nextStart
        && !stamps.contains(Int64.min)
      let times = stamps.compactMap { Timestamp.time($0, timeBase).map { $0 - fileStart } }
      let delay = Timestamp.time(packets[first].pts - packets[first].dts, timeBase) ?? .zero
      groups.append(
        Group(times: times, firstPacket: first, packetCount: end - first, isClosed: closed, delay: delay))
    }
  }
}
