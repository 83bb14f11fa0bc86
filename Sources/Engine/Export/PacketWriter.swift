internal import CFFmpeg
import Composition

/// The one writer of packets into an output, for every driver (the full render, the GIF, the smart render, the
/// copy join, the segment join, the audio copy): timestamps moved onto the output's clock by `Timestamp` (the one
/// conversion), decode times kept in order as the driver's `DecodeOrder` says, encoders drained, and every
/// failure named by its stage: an encoder's is `.encoding`, the muxer's is the output's (`writeFailed`).
final class PacketWriter {
  let muxer: Muxer
  /// The output as the user named it, for errors.
  let path: String
  /// Each stream's last decode time, in its own time base.
  private var lastDTS: [Int: Int64] = [:]

  /// What a decode time that does not go forward means.
  enum DecodeOrder {
    /// Nothing checked: an encoder's own order, which the muxer checks.
    case asGiven
    /// An error: the driver planned the order itself (smart render), so a step back is a defect.
    case required
    /// Moved one tick after the last (a copy join of files made apart, whose clocks meet at the joint), the
    /// presentation time with it if it would come before.
    case nudged
  }

  init(_ muxer: Muxer, path: String) {
    self.muxer = muxer
    self.path = path
  }

  /// Writes `packet` as stream `stream`. Its timestamps, in `timeBase` (nil: already in the stream's), are moved
  /// by `shift` onto the output's clock.
  func write(
    _ packet: Packet, stream: Int, from timeBase: AVRational? = nil, shift: MediaTime = .zero,
    order: DecodeOrder = .asGiven
  ) throws(EngineError) {
    let p = packet.pointer
    if let timeBase {
      let outputBase = muxer.timeBase(ofStream: stream)
      if let pts = Timestamp.time(p.pointee.pts, timeBase) { p.pointee.pts = Timestamp.ticks(pts + shift, outputBase) }
      if let dts = Timestamp.time(p.pointee.dts, timeBase) { p.pointee.dts = Timestamp.ticks(dts + shift, outputBase) }
      if p.pointee.duration > 0 { p.pointee.duration = av_rescale_q(p.pointee.duration, timeBase, outputBase) }
    }
    let dts = p.pointee.dts
    if dts != cm_nopts_value(), let last = lastDTS[stream], dts <= last {
      switch order {
      case .asGiven: break
      case .required:
        let base = muxer.timeBase(ofStream: stream)
        throw .internalFailure(
          .encoding, "decode times would go backwards at \(dts) after \(last) (\(base.num)/\(base.den))")
      case .nudged:
        p.pointee.dts = last + 1
        if p.pointee.pts != cm_nopts_value() && p.pointee.pts < p.pointee.dts { p.pointee.pts = p.pointee.dts }
      }
    }
    if p.pointee.dts != cm_nopts_value() { lastDTS[stream] = p.pointee.dts }
    packet.streamIndex = Int32(stream)
    do { try muxer.write(packet) } catch {
      throw .writeFailed(path: path, error)
    }
  }

  /// Sends `frame` (nil drains) to `encoder` and writes every packet it has ready as stream `stream`, through
  /// `packet`. `duration`, in the encoder's time base, is stamped on each packet when given (libx264 leaves it
  /// 0, which loses the last frame's length).
  func encode(_ frame: Frame?, with encoder: Encoder, stream: Int, packet: Packet, duration: Int64? = nil)
    throws(EngineError)
  {
    try encode(frame, with: encoder, stream: stream, packet: packet) { _ in duration }
  }

  /// `encode`, each packet's duration (in the encoder's time base) given by its presentation stamp, as frames
  /// of a variable frame rate last as long as each shows.
  func encode(
    _ frame: Frame?, with encoder: Encoder, stream: Int, packet: Packet, duration: (Int64) -> Int64?
  ) throws(EngineError) {
    do { try encoder.send(frame) } catch {
      throw .internalFailure(.encoding, "encoding failed: \(error)")
    }
    while true {
      let status: CodecStatus
      do { status = try encoder.receive(into: packet) } catch {
        throw .internalFailure(.encoding, "encoding failed: \(error)")
      }
      guard status == .ready else { return }
      if let duration = duration(packet.pointer.pointee.pts) { packet.pointer.pointee.duration = duration }
      try write(packet, stream: stream, from: encoder.timeBase)
    }
  }

  /// Finishes the file (its trailer, and the packets the muxer still held) and closes it; a reader gone
  /// meanwhile is a broken pipe, as for any packet.
  func finish() throws(EngineError) {
    do { try muxer.finish() } catch {
      throw error.code == -EPIPE
        ? .readerGone(path: path) : .outputFailed(path: path, reason: "cannot finish the output (\(error.message))")
    }
  }
}
