/// A concat's soundtrack: its track from its start, looped or not, and its volume over the output.
extension ConcatRecipe {
  /// The soundtrack from `soundtrackStart`, repeated from its own start when looping, cut at `total`.
  func soundtrackTrack(_ soundtrack: Source, total: MediaTime) -> Track {
    let length = soundtrack.info.duration
    var segments: [TrackSegment] = []
    var at = MediaTime.zero
    var from = soundtrackStart
    while at < total && length > from {
      let take = min(length - from, total - at)
      segments.append(TrackSegment(source: soundtrack.id, sourceRange: TimeRange(start: from, duration: take), at: at))
      at = at + take
      from = .zero
      if !soundtrackLoop { break }
    }
    return Track(id: Self.soundtrackTrack, kind: .audio, segments: segments)
  }

  func soundtrackVolumeCurve(total: MediaTime) -> Keyframed<Double> {
    var volume = Keyframed(soundtrackFadeIn > .zero ? 0 : soundtrackVolume)
    if soundtrackFadeIn > .zero {
      // A fade in longer than the output ends where the output does, part way up.
      volume.ramp(from: 0, to: soundtrackVolume, over: TimeRange(start: .zero, duration: soundtrackFadeIn))
    }
    if soundtrackFadeOut > .zero {
      let start = max(.zero, total - soundtrackFadeOut)
      volume.ramp(from: soundtrackVolume, to: 0, over: TimeRange(start: start, end: total))
    }
    return volume
  }
}
