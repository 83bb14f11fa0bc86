extension Composition {
  /// Adds `drawing` (a title, a subtitle file's cues at `path`) as a source on a track of its own, drawn above
  /// every other layer over `range` (the whole output when nil), at the render size. The range is cut to the
  /// output: text never makes the output longer. Returns false, adding nothing, when there is no video or
  /// nothing of the range lies within the output.
  /// With `fade`, the drawing fades in over that long from its start and out over that long to its end (at most
  /// half its time each).
  @discardableResult
  public mutating func addDrawing(
    _ drawing: Drawing, path: String = "", over range: TimeRange? = nil, fade: MediaTime? = nil
  ) -> Bool {
    guard var video, !video.instructions.isEmpty else { return false }
    let whole = TimeRange(start: .zero, duration: duration)
    guard let shown = (range ?? whole).intersection(whole), !shown.isEmpty else { return false }
    let info = MediaInfo.drawn(size: video.renderSize)
    let source = SourceID((sources.map(\.id.rawValue).max() ?? -1) + 1)
    let track = TrackID((tracks.map(\.id.rawValue).max() ?? 0) + 1)
    sources.append(Source(id: source, path: path, info: info, drawing: drawing))
    tracks.append(
      Track(
        id: track, kind: .video, segments: [TrackSegment(source: source, sourceRange: shown, compositionRange: shown)]))
    var opacity = Keyframed(1.0)
    if let fade, fade > .zero {
      let d = shown.duration
      let half =
        d.value % 2 == 0
        ? MediaTime(value: d.value / 2, timescale: d.timescale)
        : d.timescale <= Int32.max / 2 ? MediaTime(value: d.value, timescale: d.timescale * 2) : nil
      let length = min(fade, half ?? fade)
      opacity = Keyframed(0.0)
      opacity.ramp(from: 0, to: 1, over: TimeRange(start: shown.start, duration: length))
      opacity.ramp(from: 1, to: 0, over: TimeRange(start: shown.end - length, end: shown.end))
    }
    for index in video.instructions.indices {
      video.instructions[index].layers.insert(LayerInstruction(trackID: track, opacity: opacity), at: 0)
    }
    self.video = video
    return true
  }
}

extension MediaInfo {
  /// What the model knows of a drawn source (text, subtitles): a picture of the render size with no length of
  /// its own.
  public static func drawn(size: PixelSize) -> MediaInfo {
    var info = MediaInfo(
      container: "text", duration: .zero,
      video: VideoStreamInfo(
        codec: "text", width: size.width, height: size.height, sampleAspectNum: 1, sampleAspectDen: 1,
        orientation: .upright, nominalFrameDuration: nil, averageFrameDuration: nil, pixelFormat: "rgba"),
      audio: nil)
    info.isStill = true
    return info
  }
}
