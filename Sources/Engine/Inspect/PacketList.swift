internal import CFFmpeg
import Composition

/// The packets and stream facts of a file as its demuxer gives them (no decoding), for checking what a muxer
/// wrote: decode order, durations, sample entry tags and configuration records.
package struct PacketList {
  package struct Entry: Sendable {
    package var stream: Int
    package var dts: Int64?
    package var pts: Int64?
    package var duration: Int64
    package var isKeyframe: Bool
  }

  package var packets: [Entry] = []
  /// Per stream: the codec type (`video`, `audio`), the sample entry tag (`hvc1`), whether it carries a Dolby
  /// Vision configuration record.
  package var kinds: [String] = []
  package var tags: [String] = []
  package var dolbyVision: [Bool] = []

  package init(path: String) throws {
    let input = try InputFile(path: path)
    let packet = try Packet()
    for index in 0..<input.streamCount {
      let stream = input.stream(index)
      kinds.append(MediaProbe.mediaType(stream.pointee.codecpar.pointee.codec_type))
      tags.append(CopyCompatibility.fourCC(stream.pointee.codecpar.pointee.codec_tag))
      dolbyVision.append(cm_stream_has_dovi(stream) != 0)
    }
    while try input.read(into: packet) {
      let p = packet.pointer.pointee
      packets.append(
        Entry(
          stream: Int(p.stream_index), dts: p.dts == cm_nopts_value() ? nil : p.dts,
          pts: p.pts == cm_nopts_value() ? nil : p.pts, duration: p.duration,
          isKeyframe: p.flags & AV_PKT_FLAG_KEY != 0))
      packet.unref()
    }
  }

  /// The packets of the first stream of `kind`.
  package func packets(of kind: String) -> [Entry] {
    guard let index = kinds.firstIndex(of: kind) else { return [] }
    return packets.filter { $0.stream == index }
  }
}
