internal import CFFmpeg
import Composition

/// Decodes one source's video stream into pictures in presentation order: damaged pictures skipped (once there
/// is a good one), interlaced ones deinterlaced, HDR ones mapped to SDR (unless kept as they are), times in source coordinates that never
/// go backwards, serial numbers from 1. Used by one thread at a time (the reader's decode-ahead thread).
final class PictureDecoder {
  let path: String
  private let stream: DecodingStream
  private let nominalFrameDuration: MediaTime
  /// How far after the time it stands for a picture's stored time may lie (the rounding of the source's clock).
  let clockRounding: MediaTime
  /// How late every stamp is (`DecodingStream.reorderDelay`: AVI with B-frames).
  private let reorderDelay: MediaTime
  private var nextSerial = 0
  private var lastTime: MediaTime?
  private var drained = false
  private lazy var toneMapper = ToneMapper()
  private let mapsHDR: Bool

  /// Opens `path`'s video stream, seeking to the keyframe before `start` when it is not at the beginning.
  /// Pictures up to 1920×1088 decode on one thread each (a core decodes them many times faster than x264
  /// encodes them, and frame threads cost CPU the encoder needs); larger ones get frame threads.
  /// `mapsHDR`: HDR pictures are mapped to SDR (false: left in their own colours and bit depth).
  /// `keepsEveryPicture`: the pictures between the keyframe and `start` are decoded and given too (a reverse
  /// reader shows them), not skipped where nothing refers to them.
  init(
    path: String, start: MediaTime, damage: DamageLog, mapsHDR: Bool = true, keepsEveryPicture: Bool = false
  ) throws(EngineError) {
    self.path = path
    self.mapsHDR = mapsHDR
    stream = try DecodingStream(path: path, kind: .video, damage: damage) { parameters in
      Int(parameters.width) * Int(parameters.height) <= 1920 * 1088 ? 1 : 0
    }
    nominalFrameDuration =
      MediaProbe.frameDuration(stream.stream.pointee.r_frame_rate) ?? MediaTime.ticks(1, rate: 30)
    clockRounding = Timestamp.rounding(of: stream.timeBase, frameDuration: nominalFrameDuration)
    reorderDelay = stream.reorderDelay(frameDuration: nominalFrameDuration)
    if start > .zero { stream.seek(to: start, skipsUnshown: !keepsEveryPicture) }
  }

  /// The next picture in presentation order, or nil at the end of the stream.
  func next() throws(EngineError) -> SourcePicture? {
    guard !drained else { return nil }
    let frame: Frame
    do { frame = try Frame() } catch { throw EngineError.internalFailure(.decoding, "\(error)") }
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
        if nextSerial > 0 {
          frame.unref()
          continue
        }
      }
      if Deinterlacer.applies(to: frame) {
        // The decoder may still hold the buffers as a reference picture: mend a copy.
        do { try frame.makeWritable() } catch { throw EngineError.internalFailure(.decoding, "\(error)") }
        Deinterlacer.deinterlace(frame)
      }
      if mapsHDR, let transfer = ToneMapper.transfer(of: frame) {
        do { return makePicture(try toneMapper.map(frame, transfer: transfer)) } catch {
          throw EngineError.internalFailure(.decoding, "\(error)")
        }
      }
      return makePicture(frame)
    }
  }

  private func makePicture(_ frame: Frame) -> SourcePicture {
    frame.pointer.pointee.pict_type = AV_PICTURE_TYPE_NONE
    var time: MediaTime
    if let t = stream.time(of: frame.pointer.pointee.best_effort_timestamp) {
      time = max(.zero, t - reorderDelay)
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
