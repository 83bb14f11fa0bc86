import CFFmpeg
import Composition

/// Decodes one source's video stream forward and answers "which picture shows at source time t": the last
/// picture whose time is at or before t (the first picture also covers the time before it). Holds at most two
/// decoded pictures, so memory does not grow with the source's length.
final class VideoReader {
  let path: String
  private let stream: DecodingStream
  private let nominalFrameDuration: MediaTime
  private var current: SourcePicture?
  private var pending: SourcePicture?
  private var drained = false
  private var nextSerial = 0
  private var lastTime: MediaTime?

  /// Opens `path`'s video stream, seeking to the keyframe before `start` when it is not at the beginning.
  init(path: String, start: MediaTime, damage: DamageLog = DamageLog()) throws(EngineError) {
    self.path = path
    stream = try DecodingStream(path: path, kind: .video, damage: damage)
    nominalFrameDuration =
      MediaProbe.frameDuration(stream.stream.pointee.r_frame_rate) ?? MediaTime.ticks(1, rate: 30)
    if start > .zero { stream.seek(to: start) }
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

  /// The next picture in presentation order, or nil at the end of the stream.
  private func decodeNext() throws(EngineError) -> SourcePicture? {
    guard !drained else { return nil }
    let frame: Frame
    do { frame = try Frame() } catch { throw EngineError.internalFailure("\(error)") }
    while true {
      guard try stream.receive(into: frame, near: lastTime) else {
        drained = true
        return nil
      }
      // A picture the decoder had to patch up (missing data, concealed errors) is damage: it is skipped, so the
      // last good picture holds, unless there is none yet.
      let p = frame.pointer.pointee
      if p.decode_error_flags != 0 || p.flags & AV_FRAME_FLAG_CORRUPT != 0 {
        try stream.recordDamage(at: stream.time(of: p.best_effort_timestamp) ?? lastTime, reason: "a damaged picture")
        if current != nil || pending != nil {
          frame.unref()
          continue
        }
      }
      return makePicture(frame)
    }
  }

  private func makePicture(_ frame: Frame) -> SourcePicture {
    frame.pointer.pointee.pict_type = AV_PICTURE_TYPE_NONE
    var time: MediaTime
    if let t = stream.time(of: frame.pointer.pointee.best_effort_timestamp) {
      time = t
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
