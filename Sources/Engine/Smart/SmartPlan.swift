import Composition

/// Which output frames a smart render copies and which it renders: a group of pictures is copied when every
/// picture of it shows, unchanged, on consecutive output frames (the only visible layer, opaque, placed 1:1, at
/// normal speed, on the output's frame grid); every other frame is rendered as the full render would and
/// re-encoded.
struct SmartPlan {
  enum Run: Equatable {
    /// Output frames `frames` are the packets of group `group` of `source`, copied.
    case copy(source: SourceID, group: Int, frames: Range<Int64>)
    /// Output frames `frames` are rendered and encoded.
    case render(frames: Range<Int64>)

    var frames: Range<Int64> {
      switch self {
      case .copy(_, _, let frames), .render(let frames): return frames
      }
    }

    /// Whether this run copies the group right after the one `previous` copies, of the same source, on the
    /// frames right after its: the source's own pictures go on, so nothing is spliced.
    func continues(_ previous: Run?) -> Bool {
      guard case .copy(let source, let group, let frames) = self, case .copy(let s, let g, let f)? = previous else {
        return false
      }
      return s == source && g == group - 1 && f.upperBound == frames.lowerBound
    }
  }

  var runs: [Run] = []
  let frameCount: Int64

  var copiedFrames: Int64 { runs.reduce(0) { $0 + (isCopy($1) ? Int64($1.frames.count) : 0) } }

  private func isCopy(_ run: Run) -> Bool {
    if case .copy = run { return true }
    return false
  }

  /// The plan for `composition` given the groups of each source whose packets may be copied (sources missing
  /// from `groups` are always rendered).
  /// Only groups whose decode times run ahead by `delay` are copied (any, when nil).
  init(composition: Composition, groups: [SourceID: GOPIndex], delay: MediaTime?) {
    guard let video = composition.video else {
      frameCount = 0
      return
    }
    let fd = video.frameDuration
    frameCount = video.frameCount(covering: composition.duration)
    var copies: [(Range<Int64>, SourceID, Int)] = []
    for track in composition.tracks(of: .video) {
      for segment in track.segments {
        guard let index = groups[segment.source], segment.isNormalSpeed
        else { continue }
        for (number, group) in index.groups.enumerated()
        where group.isClosed && !group.times.isEmpty && (delay == nil || group.delay == delay) {
          guard
            let frames = Self.frames(
              of: group, in: segment, track: track.id, composition: composition, video: video, frameDuration: fd,
              frameCount: frameCount)
          else { continue }
          copies.append((frames, segment.source, number))
        }
      }
    }
    copies.sort { $0.0.lowerBound < $1.0.lowerBound }
    var chosen: [(Range<Int64>, SourceID, Int)] = []
    for copy in copies where copy.0.lowerBound >= (chosen.last?.0.upperBound ?? 0) { chosen.append(copy) }
    // A group's last pictures borrowed from the next group (HEVC leading pictures) show only when that group
    // is copied right after it; otherwise they are rendered.
    for k in chosen.indices {
      let (frames, source, group) = chosen[k]
      let borrowed = Int64(groups[source]?.groups[group].borrowedTail ?? 0)
      let followed =
        k + 1 < chosen.count
        && Run.copy(source: chosen[k + 1].1, group: chosen[k + 1].2, frames: chosen[k + 1].0).continues(
          .copy(source: source, group: group, frames: frames))
      if borrowed > 0 && !followed { chosen[k].0 = frames.lowerBound..<frames.upperBound - borrowed }
    }
    var next: Int64 = 0
    for (frames, source, group) in chosen where !frames.isEmpty {
      if frames.lowerBound > next { runs.append(.render(frames: next..<frames.lowerBound)) }
      runs.append(.copy(source: source, group: group, frames: frames))
      next = frames.upperBound
    }
    if next < frameCount { runs.append(.render(frames: next..<frameCount)) }
  }

  /// The output frames `group`'s pictures fill, when each shows unchanged on its own consecutive frame.
  private static func frames(
    of group: GOPIndex.Group, in segment: TrackSegment, track: TrackID, composition: Composition,
    video: VideoComposition, frameDuration fd: MediaTime, frameCount: Int64
  ) -> Range<Int64>? {
    var first: Int64?
    for (k, time) in group.times.enumerated() {
      guard segment.sourceRange.contains(time) else { return nil }
      let at = segment.compositionRange.start + (time - segment.sourceRange.start)
      let n = at.count(of: fd, rounding: .down)
      guard fd * n == at, n < frameCount else { return nil }
      if let first, n != first + Int64(k) { return nil }
      if first == nil { first = n }
      guard showsAlone(track: track, at: at, composition: composition, video: video) else { return nil }
    }
    return first.map { $0..<$0 + Int64(group.times.count) }
  }

  /// Whether the top visible layer at `time` is `track`'s, opaque, untransformed, uncropped, unmasked and without
  /// an effect that changes anything then (so the frame is the source's picture itself).
  static func showsAlone(track: TrackID, at time: MediaTime, composition: Composition, video: VideoComposition)
    -> Bool
  {
    guard let instruction = video.instruction(at: time) else { return false }
    for layer in instruction.layers {
      guard composition.track(layer.trackID)?.segment(at: time) != nil else { continue }
      let opacity = layer.opacity.value(at: time)
      if opacity <= 0 { continue }
      return layer.trackID == track && opacity >= 1 && layer.crop == nil && layer.mask == nil && layer.frame == nil
        && layer.transform.value(at: time) == .identity
        && layer.effects.allSatisfy { $0.amount.value(at: time) == $0.kind.neutralAmount }
    }
    return false
  }
}
