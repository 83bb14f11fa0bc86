import Composition

/// Answers "which picture of a source shows at source time t": the last picture whose time is at or before t,
/// allowing for the rounding of the source's clock (a picture stamped at most `clockRounding` after t stands for
/// t: WebM's 0.017 s is 1/60 s, and 29.97 fps frame 15 at 500.5 ms is stamped 501, rounded half up); the first picture also covers the time before it. A decode-ahead thread
/// decodes a few pictures ahead, so memory does not grow with the source's length.
final class VideoReader: PictureSource {
  let path: String
  private let ahead: DecodeAhead
  private var current: SourcePicture?
  private var pending: SourcePicture?
  let clockRounding: MediaTime

  /// Opens `path`'s video stream, seeking to the keyframe before `start` when it is not at the beginning.
  /// `mapsHDR`: HDR pictures are mapped to SDR (false: left as they are). `keepsEveryPicture`: the pictures
  /// from the keyframe to `start` are given too, none skipped (`PictureDecoder`).
  init(
    path: String, start: MediaTime, damage: DamageLog = DamageLog(), mapsHDR: Bool = true,
    keepsEveryPicture: Bool = false
  ) throws(EngineError) {
    self.path = path
    let decoder = try PictureDecoder(
      path: path, start: start, damage: damage, mapsHDR: mapsHDR, keepsEveryPicture: keepsEveryPicture)
    clockRounding = decoder.clockRounding
    ahead = try DecodeAhead(decoder: decoder)
  }

  deinit {
    ahead.stop()
  }

  /// The next picture in presentation order, ignoring times (to walk a whole stream); nil at its end.
  func nextPicture() throws(EngineError) -> SourcePicture? {
    if let next = pending {
      pending = nil
      return next
    }
    return try ahead.next()
  }

  /// The picture showing at source time `time`; nil only when the stream has no picture at all.
  /// Times must not go backwards between calls.
  func picture(at time: MediaTime) throws(EngineError) -> SourcePicture? {
    while true {
      if pending == nil { pending = try ahead.next() }
      guard let next = pending else { break }
      if next.time <= time || next.time - time <= clockRounding {
        current = next
        pending = nil
      } else {
        break
      }
    }
    return current ?? pending
  }
}
