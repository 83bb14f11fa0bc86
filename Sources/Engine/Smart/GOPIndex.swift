internal import CFFmpeg
import Composition

/// The groups of pictures of a file's H.264 or HEVC video stream, from a packet scan (no decoding): for each,
/// where its packets start in the file and which presentation times it holds. A group can be copied into a smart
/// render only when it is closed: it starts with an IDR picture (HEVC: any random access picture) and its
/// packets, in decode order up to the next keyframe, hold exactly the pictures shown from its start up to the
/// next group's. HEVC marks an open GOP's leading pictures (RASL, RADL: decoded after their random access
/// picture, shown before it): they count as the previous group's last pictures (`borrowedTail`), shown only when
/// their own group is copied right after it, and are dropped when their group is copied after other pictures.
struct GOPIndex {
  struct Group {
    /// Presentation times (source time, from the file's start) of its pictures, ascending; the last
    /// `borrowedTail` are the next group's leading pictures.
    var times: [MediaTime]
    var borrowedTail = 0
    /// Index of its first packet in `packets`, and how many it has.
    var firstPacket: Int
    var packetCount: Int
    /// Starts with an IDR picture (HEVC: IDR, CRA or BLA) and is closed.
    var isClosed: Bool
    /// How far its decode times run ahead of presentation (its keyframe's pts − dts), as source time.
    var delay: MediaTime
  }

  struct PacketInfo {
    var pts: Int64
    var dts: Int64
    var isKey: Bool
    /// An HEVC leading picture (RADL or RASL).
    var isLeading = false
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
    let hevc = input.stream(video).pointee.codecpar.pointee.codec_id == AV_CODEC_ID_HEVC
    var idr: [Bool] = []
    while try input.nextPacket(into: packet) {
      defer { packet.unref() }
      let p = packet.pointer.pointee
      guard Int(p.stream_index) == video, p.pts != cm_nopts_value(), p.dts != cm_nopts_value() else { continue }
      // Pictures an edit list hides are not shown: a group holding one is not copied.
      let hidden = p.flags & AV_PKT_FLAG_DISCARD != 0
      packets.append(PacketInfo(pts: p.pts, dts: p.dts, isKey: p.flags & AV_PKT_FLAG_KEY != 0 && !hidden))
      let kind = p.data.map { Self.kind(of: UnsafeBufferPointer(start: $0, count: Int(p.size)), hevc: hevc) }
      idr.append(kind?.randomAccess ?? false)
      packets[packets.count - 1].isLeading = kind?.leading ?? false
      if hidden { packets[packets.count - 1].pts = Int64.min }
    }
    let keys = packets.indices.filter { packets[$0].isKey }
    func stamps(_ range: Range<Int>, leading: Bool) -> [Int64] {
      packets[range].filter { $0.isLeading == leading }.map(\.pts).sorted()
    }
    for (k, first) in keys.enumerated() {
      let end = k + 1 < keys.count ? keys[k + 1] : packets.count
      let own = stamps(first..<end, leading: false)
      let nextEnd = k + 2 < keys.count ? keys[k + 2] : packets.count
      let borrowed = k + 1 < keys.count ? stamps(end..<nextEnd, leading: true) : []
      let nextStart = k + 1 < keys.count ? packets[keys[k + 1]].pts : Int64.max
      let closed =
        idr[first] && own.first == packets[first].pts && (own.last ?? .max) < (borrowed.first ?? nextStart)
        && (borrowed.last ?? .min) < nextStart && !own.contains(Int64.min) && !borrowed.contains(Int64.min)
      let times = (own + borrowed).compactMap { Timestamp.time($0, timeBase).map { $0 - fileStart } }
      let delay = Timestamp.time(packets[first].pts - packets[first].dts, timeBase) ?? .zero
      groups.append(
        Group(
          times: times, borrowedTail: borrowed.count, firstPacket: first, packetCount: end - first,
          isClosed: closed, delay: delay))
    }
  }

  /// Whether an MP4 sample holds a picture decoding can start at (H.264's IDR; HEVC's IDR, CRA or BLA), and
  /// whether it is an HEVC leading picture (RADL or RASL).
  static func kind(of bytes: UnsafeBufferPointer<UInt8>, hevc: Bool) -> (randomAccess: Bool, leading: Bool) {
    guard let units = NALUnits.ranges(lengthPrefixed: bytes) else { return (false, false) }
    var result = (randomAccess: false, leading: false)
    for unit in units {
      if hevc {
        let type = bytes[unit.lowerBound] >> 1 & 0x3F
        if (16...23).contains(type) { result.randomAccess = true }
        if (6...9).contains(type) { result.leading = true }
      } else if bytes[unit.lowerBound] & 0x1F == 5 {
        result.randomAccess = true
      }
    }
    return result
  }
}
