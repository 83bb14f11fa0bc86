import CFFmpeg
import Composition

@testable import Engine

/// The packets and stream facts of a file as its demuxer gives them (no decoding), for checking what a muxer
/// wrote: decode order, durations, sample entry tags and configuration records.
public struct PacketList {
  public struct Entry: Sendable {
    public var stream: Int
    public var dts: Int64?
    public var pts: Int64?
    public var duration: Int64
    public var isKeyframe: Bool
  }

  public var packets: [Entry] = []
  /// Per stream: the codec type (`video`, `audio`), the sample entry tag (`hvc1`), whether it carries a Dolby
  /// Vision configuration record.
  public var kinds: [String] = []
  public var tags: [String] = []
  public var dolbyVision: [Bool] = []

  public init(path: String) throws {
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
  public func packets(of kind: String) -> [Entry] {
    guard let index = kinds.firstIndex(of: kind) else { return [] }
    return packets.filter { $0.stream == index }
  }
}
