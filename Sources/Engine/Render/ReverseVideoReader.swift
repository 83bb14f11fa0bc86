import Composition

/// Pictures for a segment played backwards: asked for times that go down, it answers with the picture showing
/// just before each (the last picture whose time is before it, allowing for the source's clock rounding; the
/// first picture also covers the time before it). Pictures are decoded forwards one group of pictures at a
/// time (from the keyframe before the time asked up to that time) and kept until the times asked pass below
/// them, so memory is bounded by a group of pictures, not by the clip.
final class ReverseVideoReader: PictureSource {
  let path: String
  private let damage: DamageLog
  /// The pictures decoded last, in presentation order, renumbered so serials stay unique within this reader.
  private var pictures: [SourcePicture] = []
  /// Whether `pictures` starts at the source's first picture (nothing before it to decode).
  private var reachesStart = false
  private var clockRounding = MediaTime.zero
  private var serial = 0
  /// Whether HDR pictures are mapped to SDR (`PictureDecoder`).
  private let mapsHDR: Bool

  init(path: String, damage: DamageLog, mapsHDR: Bool = true) {
    self.path = path
    self.damage = damage
    self.mapsHDR = mapsHDR
  }

  func picture(at time: MediaTime) throws(EngineError) -> SourcePicture? {
    if let found = before(time) { return found }
    if reachesStart { return pictures.first }
    try load(upTo: time)
    return before(time) ?? pictures.first
  }

  /// The last picture held that shows before `time`; nil when the first held one does not.
  private func before(_ time: MediaTime) -> SourcePicture? {
    guard let first = pictures.first, first.time + clockRounding < time else { return nil }
    var low = 0
    var high = pictures.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if pictures[middle].time + clockRounding < time { low = middle } else { high = middle - 1 }
    }
    return pictures[low]
  }

  /// Decodes from the keyframe before `time` up to the first picture at or after it (or up to what is held),
  /// replacing what is held. The seek aims just before `time`: a keyframe at `time` itself shows after it. Should
  /// a seek land no earlier than what is held (a file whose index is coarse), it aims a second earlier, then
  /// four, and so on down to the start.
  private func load(upTo time: MediaTime) throws(EngineError) {
    let previousFirst = pictures.first?.time
    var back = MediaTime.ticks(1, rate: 1_000_000)
    while true {
      let aim = max(.zero, time - clockRounding - back)
      let reader = try VideoReader(path: path, start: aim, damage: damage, mapsHDR: mapsHDR, keepsEveryPicture: true)
      clockRounding = reader.clockRounding
      var loaded: [SourcePicture] = []
      while let picture = try reader.nextPicture() {
        if let previousFirst, picture.time >= previousFirst { break }
        serial += 1
        loaded.append(
          SourcePicture(
            frame: picture.frame, time: picture.time, serial: serial, originX: picture.originX,
            originY: picture.originY, isDrawn: picture.isDrawn))
        if picture.time + clockRounding >= time { break }
      }
      if let first = loaded.first, first.time + clockRounding < time || aim == .zero {
        // Nothing comes before pictures that a seek to the start begins with.
        reachesStart = aim == .zero
        pictures = loaded
        return
      }
      if aim == .zero {
        // Nothing earlier than what is held: it starts the stream.
        reachesStart = true
        return
      }
      back = back == MediaTime.ticks(1, rate: 1_000_000) ? MediaTime(seconds: 1) : back + back + back + back
    }
  }
}
