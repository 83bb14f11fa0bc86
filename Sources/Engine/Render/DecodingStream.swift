internal import CFFmpeg
import Composition

/// One stream of one file being decoded forward: the demuxer (every other stream discarded), the decoder, and
/// timestamps turned into source time (seconds from the file's start). Damaged packets and frames are recorded
/// in the damage log and skipped; a read error ends the stream (a truncated file).
final class DecodingStream {
  let path: String
  let input: InputFile
  let streamIndex: Int
  let timeBase: AVRational
  private let decoder: Decoder
  private let fileStart: MediaTime
  private let packet: Packet
  private let damage: DamageLog
  private var inputEnded = false
  private let disposable: DisposablePictures?
  /// After a seek: the wanted time (stream time base). Pictures no other picture refers to that end well before
  /// it are not decoded.
  private var skipBefore: Int64?
  /// How many pictures were left undecoded after seeks.
  private(set) var skippedPictures = 0
  /// After a seek that landed between keyframes (a transport stream is searched by time, not by an index of
  /// keyframes): the packets before the next keyframe are not decoded, as they refer to pictures never read.
  private var awaitingKeyframe = false

  /// Opens the stream of `kind` clipmerge selects in `path`; `threads` picks a video decoder's thread count from
  /// the stream's parameters (0: as many as libavcodec likes).
  init(
    path: String, kind: MediaKind, damage: DamageLog,
    threads: (AVCodecParameters) -> Int32 = { _ in 0 }
  ) throws(EngineError) {
    self.path = path
    self.damage = damage
    do {
      input = try InputFile(path: path)
      let selected = kind == .video ? StreamSelection.videoStream(of: input) : StreamSelection.audioStream(of: input)
      guard let index = selected else {
        throw EngineError.invalidInput(path: path, reason: "no \(kind.rawValue) stream clipmerge can decode")
      }
      streamIndex = index
      let stream = input.stream(index)
      input.discardAll(except: index)
      decoder = try Decoder(stream: stream, threads: threads(stream.pointee.codecpar.pointee))
      timeBase = stream.pointee.time_base
      disposable = kind == .video ? DisposablePictures(stream.pointee.codecpar.pointee) : nil
      fileStart = Timestamp.containerTime(input.startTime) ?? .zero
      packet = try Packet()
    } catch let error as EngineError {
      throw error
    } catch let error as FFmpegError {
      throw EngineError.readFailed(path: path, error, reason: "cannot open the \(kind.rawValue) stream")
    } catch {
      throw EngineError.invalidInput(path: path, reason: "cannot open the \(kind.rawValue) stream (\(error))")
    }
  }

  var stream: UnsafeMutablePointer<AVStream> { input.stream(streamIndex) }

  /// How late every picture's stamp is: AVI stores decode times only, so with B-frames (packed DivX ones too)
  /// each picture comes out of the decoder stamped with a later packet's time, the decoder's reorder delay in
  /// frames of `frameDuration`. Zero for every other container, whose stamps are presentation times.
  func reorderDelay(frameDuration: MediaTime) -> MediaTime {
    guard stampsDecodeOrder else { return .zero }
    return frameDuration * Int64(stream.pointee.codecpar.pointee.video_delay)
  }

  /// Whether pictures get their stamps from the packets fed after them (AVI with B-frames): leaving packets out
  /// after a seek would then shift every stamp, so none is left out.
  private var stampsDecodeOrder: Bool {
    input.containerName == "avi" && stream.pointee.codecpar.pointee.video_delay > 0
  }

  /// Notes damage found in a decoded frame.
  func recordDamage(at time: MediaTime?, reason: String) throws(EngineError) {
    try damage.record(path: path, time: time, reason: reason)
  }

  /// The source time of a timestamp in the stream's time base, or nil when there is none.
  func time(of timestamp: Int64) -> MediaTime? {
    Timestamp.time(timestamp, timeBase).map { $0 - fileStart }
  }

  /// Moves to a keyframe that shows at or before source time `time`. A demuxer finds keyframes by decode time,
  /// and an open GOP's keyframe decodes before pictures it shows after (its leading pictures, which need the
  /// group before): when the keyframe found shows after `time`, the seek goes a keyframe further back, so the
  /// pictures from `time` on decode as they do from the start. A transport stream's seek lands on any packet:
  /// decoding starts at the first keyframe after it. A failed seek is not an error: decoding from the start
  /// reaches the same frames, only later. `skipsUnshown`: pictures before `time` that nothing refers to are not
  /// decoded (false: every picture from the keyframe on is, as a reverse reader needs them).
  func seek(to time: MediaTime, skipsUnshown: Bool = true) {
    guard timeBase.num > 0, timeBase.den > 0 else { return }
    let target = Timestamp.ticks(time + fileStart, timeBase, rounding: .down)
    var ts = target
    var flagsKeyframes = false
    for _ in 0..<8 {
      guard (try? input.seek(stream: streamIndex, to: ts)) != nil else { return }
      guard let (shown, isKey) = firstKeyframeTime() else { break }
      flagsKeyframes = flagsKeyframes || isKey
      guard shown > target, ts > 0 else { break }
      // Back by as much again as the keyframe overshot, and a little more.
      ts = max(0, ts - (shown - target + Timestamp.ticks(MediaTime.ticks(1, rate: 10), timeBase)))
    }
    // Decode-order stamps (AVI with B-frames) do not tell when the keyframe found shows: it may have leading
    // pictures that need the group before, so decoding starts a keyframe earlier.
    if stampsDecodeOrder, (try? input.seek(stream: streamIndex, to: ts)) != nil, let landed = firstDecodeTime(),
      landed > 0
    {
      ts = min(ts, landed - 1)
    }
    _ = try? input.seek(stream: streamIndex, to: ts)
    decoder.flush()
    awaitingKeyframe = flagsKeyframes
    skipBefore = disposable == nil || stampsDecodeOrder || !skipsUnshown ? nil : target
  }

  /// The presentation time of the stream's first keyframe packet from here (packets read and dropped), in its
  /// time base, and true; the first packet's and false when none of the next few hundred is flagged (a stream
  /// that flags no keyframes).
  private func firstKeyframeTime() -> (Int64, Bool)? {
    var first: Int64?
    for _ in 0..<Self.keyframeSearch {
      guard (try? input.read(into: packet)) == true else { break }
      defer { packet.unref() }
      let p = packet.pointer.pointee
      guard Int(packet.streamIndex) == streamIndex, p.pts != cm_nopts_value() else { continue }
      if p.flags & AV_PKT_FLAG_KEY != 0 { return (p.pts, true) }
      if first == nil { first = p.pts }
    }
    return first.map { ($0, false) }
  }

  /// The decode time of the stream's next packet (read and dropped), in its time base.
  private func firstDecodeTime() -> Int64? {
    while (try? input.read(into: packet)) == true {
      defer { packet.unref() }
      if Int(packet.streamIndex) == streamIndex, packet.pointer.pointee.dts != cm_nopts_value() {
        return packet.pointer.pointee.dts
      }
    }
    return nil
  }

  /// How many packets after a seek are searched for a keyframe.
  private static let keyframeSearch = 600

  /// Decodes the next frame into `frame`; false at the end of the stream. `near` is the source time reported
  /// with damage whose own time is unknown.
  func receive(into frame: Frame, near: MediaTime?) throws(EngineError) -> Bool {
    while true {
      let status: CodecStatus
      do {
        status = try decoder.receive(into: frame)
      } catch {
        try damage.record(path: path, time: near, reason: error.message)
        continue
      }
      switch status {
      case .ready: return true
      case .endOfStream: return false
      case .needsInput: try feed(near: near)
      }
    }
  }

  /// Sends the decoder the next packet of the stream, or the end of the stream.
  private func feed(near: MediaTime?) throws(EngineError) {
    while !inputEnded {
      let more: Bool
      do {
        more = try input.read(into: packet)
      } catch {
        // Damaged or cut-off data is the end of what can be decoded (strict mode refuses it); an I/O error met
        // by the file's reader is a failure.
        if input.readerFailed || error.code == -ENOMEM {
          throw .readFailed(path: path, error, reason: "cannot be read", ioFailed: input.readerFailed)
        }
        try damage.record(path: path, time: near, reason: error.message)
        more = false
      }
      guard more else {
        if let error = input.readerError {
          throw .readFailed(path: path, error, reason: "cannot be read", ioFailed: true)
        }
        inputEnded = true
        break
      }
      defer { packet.unref() }
      guard packet.streamIndex == Int32(streamIndex) else { continue }
      if awaitingKeyframe {
        guard packet.pointer.pointee.flags & AV_PKT_FLAG_KEY != 0 else { continue }
        awaitingKeyframe = false
      }
      if isSkippable(packet.pointer.pointee) { continue }
      do {
        _ = try decoder.send(packet)
      } catch {
        try damage.record(path: path, time: time(of: packet.pointer.pointee.pts) ?? near, reason: error.message)
      }
      return
    }
    _ = try? decoder.send(nil)
  }

  /// A picture before the wanted time that is not shown (it ends a frame or more before that time: the picture
  /// showing at the time is kept whatever its stamps) and that no other picture refers to.
  private func isSkippable(_ p: AVPacket) -> Bool {
    guard let end = skipBefore, let disposable else { return false }
    if p.dts != cm_nopts_value(), p.dts >= end {
      skipBefore = nil
      return false
    }
    guard p.pts != cm_nopts_value(), p.duration > 0, p.pts + 2 * p.duration <= end, let data = p.data else {
      return false
    }
    guard disposable.isDisposable(UnsafeBufferPointer(start: data, count: Int(p.size))) else { return false }
    skippedPictures += 1
    return true
  }
}
