import CFFmpeg
import Composition

/// Decodes one source's video stream forward and answers "which picture shows at source time t": the last
/// picture whose time is at or before t (the first picture also covers the time before it). Holds at most two
/// decoded pictures, so memory does not grow with the source's length.
final class VideoReader {
  let path: String
  private let input: InputFile
  private let decoder: Decoder
  private let streamIndex: Int
  private let timeBase: AVRational
  private let fileStart: MediaTime
  private let nominalFrameDuration: MediaTime
  private let packet: Packet
  private var current: SourcePicture?
  private var pending: SourcePicture?
  private var inputEnded = false
  private var drained = false
  private var nextSerial = 0
  private var lastTime: MediaTime?
  private let damage: DamageLog

  /// Opens `path`'s video stream, seeking to the keyframe before `start` when it is not at the beginning.
  init(path: String, start: MediaTime, damage: DamageLog = DamageLog()) throws(EngineError) {
    self.path = path
    self.damage = damage
    do {
      input = try InputFile(path: path)
      guard let index = StreamSelection.videoStream(of: input) else {
        throw EngineError.invalidInput(path: path, reason: "no video stream clipmerge can decode")
      }
      streamIndex = index
      let stream = input.stream(index)
      input.discardAll(except: index)
      decoder = try Decoder(stream: stream)
      timeBase = stream.pointee.time_base
      fileStart = MediaTime(value: input.startTime, timescale: cm_time_base()) ?? .zero
      nominalFrameDuration =
        MediaProbe.frameDuration(stream.pointee.r_frame_rate) ?? MediaTime.ticks(1, rate: 30)
      packet = try Packet()
    } catch let error as EngineError {
      throw error
    } catch {
      throw EngineError.invalidInput(path: path, reason: "cannot open the video stream (\(error))")
    }
    if start > .zero { seek(to: start) }
  }

  /// The next picture in presentation order, ignoring times (to walk a whole stream); nil at its end.
  func nextPicture() throws(EngineError) -> SourcePicture? {
    if let next = pending {
      pending = nil
      return next
    }
    return try decodeNext()
  }

  /// The picture showing at source time `time`; nil only when the stream has no picture at all.
  /// Times must not go backwards between calls.
  func picture(at time: MediaTime) throws(EngineError) -> SourcePicture? {
    while true {
      if pending == nil { pending = try decodeNext() }
      guard let next = pending else { break }
      if next.time <= time {
        current = next
        pending = nil
      } else {
        break
      }
    }
    return current ?? pending
  }

  private func seek(to time: MediaTime) {
    guard timeBase.num > 0, timeBase.den > 0 else { return }
    let target = (time + fileStart).multiplied(by: Int64(timeBase.den), dividedBy: Int64(timeBase.num))
    let ts = target.count(of: MediaTime(seconds: 1), rounding: .down)
    // A failed seek is not an error: decoding from the start reaches the same pictures, only slower.
    if (try? input.seek(stream: streamIndex, to: ts)) != nil { decoder.flush() }
  }

  /// The next picture in presentation order, or nil at the end of the stream.
  private func decodeNext() throws(EngineError) -> SourcePicture? {
    guard !drained else { return nil }
    let frame: Frame
    do { frame = try Frame() } catch { throw EngineError.internalFailure("\(error)") }
    while true {
      let status: CodecStatus
      do {
        status = try decoder.receive(into: frame)
      } catch {
        try damage.record(path: path, time: lastTime, reason: error.message)
        continue
      }
      switch status {
      case .ready:
        return makePicture(frame)
      case .endOfStream:
        drained = true
        return nil
      case .needsInput:
        try feedDecoder()
      }
    }
  }

  private func feedDecoder() throws(EngineError) {
    if inputEnded {
      _ = try? decoder.send(nil)
      return
    }
    while true {
      let more: Bool
      do {
        more = try input.read(into: packet)
      } catch {
        // A read error past the last good packet ends the stream (truncated file).
        try damage.record(path: path, time: lastTime, reason: error.message)
        more = false
      }
      guard more else {
        inputEnded = true
        _ = try? decoder.send(nil)
        return
      }
      defer { packet.unref() }
      guard packet.streamIndex == Int32(streamIndex) else { continue }
      do {
        _ = try decoder.send(packet)
      } catch {
        try damage.record(path: path, time: packetTime(), reason: error.message)
      }
      return
    }
  }

  /// The source time of the packet just read, if it has one.
  private func packetTime() -> MediaTime? {
    let pts = packet.pointer.pointee.pts
    guard pts != cm_nopts_value(), timeBase.den > 0,
      let t = MediaTime(value: pts, timescale: 1)?.multiplied(by: Int64(timeBase.num), dividedBy: Int64(timeBase.den))
    else { return lastTime }
    return t - fileStart
  }

  private func makePicture(_ frame: Frame) -> SourcePicture {
    frame.pointer.pointee.pict_type = AV_PICTURE_TYPE_NONE
    let pts = frame.pointer.pointee.best_effort_timestamp
    var time: MediaTime
    if pts != cm_nopts_value(), timeBase.den > 0,
      let t = MediaTime(value: pts, timescale: 1)?.multiplied(by: Int64(timeBase.num), dividedBy: Int64(timeBase.den))
    {
      time = t - fileStart
    } else {
      time = (lastTime ?? .zero) + (lastTime == nil ? .zero : nominalFrameDuration)
    }
    // Presentation order must not go backwards; a stray earlier stamp takes the place of the one before it.
    if let last = lastTime, time < last { time = last }
    lastTime = time
    nextSerial += 1
    return SourcePicture(frame: frame, time: time, serial: nextSerial)
  }
}
