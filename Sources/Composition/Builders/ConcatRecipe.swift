/// Clips one after another: each trimmed, shown upright and fitted into one render size, their sound kept,
/// replaced or mixed with a soundtrack, optionally joined by transitions. Builds the `Composition` that
/// `clipmerge concat` renders.
///
/// Each clip occupies exactly its trimmed duration; clip starts are exact sums of the durations before them, so
/// nothing is rounded per clip and nothing accumulates.
public struct ConcatRecipe: Sendable {
  /// One clip and the part of it to use (source times; nil for the file's start or end).
  public struct Clip: Sendable, Hashable {
    /// The file the clip is cut from.
    public var source: Source
    /// Where the clip starts in the source (nil: at the file's start).
    public var start: MediaTime?
    /// Where the clip ends in the source, excluded (nil: at the file's end).
    public var end: MediaTime?
    /// How fast and which way the trimmed range plays.
    public var rate: PlaybackRate
    /// Instead of a range: the picture at `freeze.start` held for `freeze.duration`, in silence.
    public var freeze: TimeRange?
    /// A slow zoom over the clip's time (`&zoom=1,1.2`).
    public var zoom: ClipZoom?
    /// How this clip fills the frame instead of the recipe's `fit` (`&fit=cover`).
    public var fit: FitMode?
    /// Effects on this clip's picture, after the recipe's `effects` (`&effect=grayscale`).
    public var effects: [Effect]

    /// A clip of `source`, trimmed, played at `rate`, frozen, zoomed, fitted and with effects as given (by
    /// default: all of it, as recorded, as the recipe fits every clip).
    public init(
      source: Source, start: MediaTime? = nil, end: MediaTime? = nil, rate: PlaybackRate = .normal,
      freeze: TimeRange? = nil, zoom: ClipZoom? = nil, fit: FitMode? = nil, effects: [Effect] = []
    ) {
      self.source = source
      self.start = start
      self.end = end
      self.rate = rate
      self.freeze = freeze
      self.zoom = zoom
      self.fit = fit
      self.effects = effects
    }

    /// A clip of `source` as `reference` names it: its trim, speed, freeze, zoom, fit and effects.
    public init(source: Source, _ reference: ClipReference) {
      self.init(
        source: source, start: reference.start, end: reference.end, rate: reference.rate, freeze: reference.freeze,
        zoom: reference.zoom, fit: reference.fit, effects: reference.effects)
    }

    /// The segment that plays `range` of this clip (its source range) from composition time `start`.
    func segment(source id: SourceID, range: TimeRange, at start: MediaTime) -> TrackSegment {
      .playing(source: id, range: range, at: start, rate: rate, freeze: freeze)
    }
  }

  /// The clips, in the order they play.
  public var clips: [Clip]
  /// How long a still picture (an image file) shows when its clip has no `#t=` end.
  public var imageDuration = ConcatRecipe.defaultImageDuration
  /// Five seconds: how long a still picture shows unless told otherwise.
  public static let defaultImageDuration = MediaTime(seconds: 5)
  /// Default: the first clip's upright display size, rounded up to even numbers.
  public var renderSize: PixelSize?
  /// Default: the first clip's frame rate.
  public var frameDuration: MediaTime?
  /// How each clip fills the frame when its shape differs (the whole picture, with bars, by default).
  public var fit: FitMode = .contain
  /// What part of a clip `fit` keeps, or where between bars it sits.
  public var anchor: FitAnchor = .center
  /// Shown where no clip covers the frame (black by default).
  public var background: Color = .black
  /// Every still picture (without a zoom of its own) zooms slowly over its time, the direction varying.
  public var kenBurns = false
  /// How neighbouring clips meet at every joint, unless `jointTransitions` names each (a cut by default).
  public var transition: Transition = .none
  /// One transition for each joint in order (clip 1 to 2, 2 to 3, ...), instead of `transition` at every joint;
  /// empty for `transition` everywhere. Must have one fewer than the clips.
  public var jointTransitions: [Transition] = []
  /// Sound played with or instead of the clips' own (nil: none).
  public var soundtrack: Source?
  /// The soundtrack's volume (1: as recorded), which its fades ramp from and to.
  public var soundtrackVolume: Double = 1
  /// The soundtrack fades out linearly over this much time before the end.
  public var soundtrackFadeOut: MediaTime = .zero
  /// The soundtrack fades in linearly over this much time from the start.
  public var soundtrackFadeIn: MediaTime = .zero
  /// Where in the soundtrack the output begins (a loop starts again from the soundtrack's own start).
  public var soundtrackStart: MediaTime = .zero
  /// The soundtrack makes way for the clips' own sound (then `audio` defaults to `.mix`).
  public var soundtrackDucking: Ducking?
  /// Repeat a soundtrack shorter than the video; without it silence follows the soundtrack's end.
  public var soundtrackLoop = false
  /// Default: `.soundtrack` with a soundtrack (`.mix` when it ducks), `.clips` without.
  public var audio: ConcatAudio?
  /// How the picture of every transition moves over its time (the sound keeps its own curves).
  public var transitionEasing: Ramp<Double>.Curve = .linear
  /// Effects on every clip's picture.
  public var effects: [Effect] = []
  /// The volume of the clips' own sound (the soundtrack has its own).
  public var clipVolume: Double = 1
  /// How the output is encoded.
  public var export = ExportSettings()

  /// Clips alternate between two video tracks (and two audio tracks) so neighbours can overlap in transitions.
  public static let videoTracks = (TrackID(1), TrackID(2))
  /// The two tracks the clips' sound alternates between, as their pictures alternate between `videoTracks`.
  public static let audioTracks = (TrackID(3), TrackID(4))
  /// The track of the soundtrack.
  public static let soundtrackTrack = TrackID(5)

  /// A recipe joining `clips` in order, everything else at its default.
  public init(clips: [Clip]) {
    self.clips = clips
  }

  /// The trimmed range of each clip, in source time.
  public func sourceRanges() throws(ConcatError) -> [TimeRange] {
    var ranges: [TimeRange] = []
    for clip in clips {
      let start = clip.start ?? .zero
      if let freeze = clip.freeze {
        let duration = clip.source.info.duration
        if !clip.source.info.isStill && freeze.start >= duration {
          throw .freezeAfterClipEnds(path: clip.source.path, at: freeze.start, duration: duration)
        }
        ranges.append(TimeRange(start: freeze.start, duration: .zero))
        continue
      }
      if clip.source.info.isStill {
        // A picture has no length of its own: it shows for its trim, or for the image duration.
        ranges.append(TimeRange(start: start, end: clip.end ?? start + imageDuration))
        continue
      }
      let duration = clip.source.info.duration
      let end = clip.end ?? duration
      if duration == .zero { throw .clipHasNoLength(path: clip.source.path) }
      if start >= duration {
        throw .trimStartsAfterClipEnds(path: clip.source.path, start: start, duration: duration)
      }
      if end > duration { throw .trimEndsAfterClipEnds(path: clip.source.path, end: end, duration: duration) }
      ranges.append(TimeRange(start: start, end: end))
    }
    return ranges
  }

  /// The composition: the clips one after another, overlapping by their transitions, heard as `effectiveAudio`
  /// says. Throws when there are no clips, or naming the clip (or the soundtrack) that breaks a rule.
  public func makeComposition() throws(ConcatError) -> Composition {
    guard let first = clips.first else { throw .noClips }
    if let silent = clips.first(where: { $0.source.info.video == nil }) {
      throw .clipHasNoVideo(path: silent.source.path, reason: silent.source.info.unusableVideo)
    }
    let ranges = try sourceRanges()
    // How long each clip lasts in the output: its range at its speed, or its freeze.
    let lengths = ranges.indices.map { clips[$0].segment(source: SourceID(0), range: ranges[$0], at: .zero) }
      .map(\.compositionRange.duration)
    for (index, length) in lengths.enumerated() {
      let needed = overlap(before: index) + overlap(after: index)
      if length <= .zero && needed == .zero {
        throw .trimHasNoLength(path: clips[index].source.path, at: ranges[index].start)
      }
      if length < needed || length <= .zero {
        throw .clipShorterThanTransitions(path: clips[index].source.path, duration: length, needed: needed)
      }
    }
    var starts: [MediaTime] = []
    var time = MediaTime.zero
    for (index, length) in lengths.enumerated() {
      starts.append(time)
      time = time + length - overlap(after: index)
    }
    let total = time
    let size =
      renderSize ?? OverlayRecipe.evenSize(first.source.info.video?.displaySize ?? PixelSize(width: 2, height: 2))
    // The first clip with a rate of its own sets it (a still or a colour card has none): 30 a second without one.
    let frameDuration =
      self.frameDuration ?? clips.lazy.compactMap({ $0.source.info.video?.preferredFrameDuration }).first
      ?? MediaTime.ticks(1, rate: 30)

    var sources: [Source] = []
    var sourceIDs: [SourceID] = []
    for clip in clips {
      if let known = sources.first(where: { $0.path == clip.source.path }) {
        sourceIDs.append(known.id)
      } else {
        var source = clip.source
        source.id = SourceID(sources.count)
        sources.append(source)
        sourceIDs.append(source.id)
      }
    }
    let videoIDs = [Self.videoTracks.0, Self.videoTracks.1]
    let audioIDs = [Self.audioTracks.0, Self.audioTracks.1]
    var videoSegments: [[TrackSegment]] = [[], []]
    var audioSegments: [[TrackSegment]] = [[], []]
    var volumes = [Keyframed(clipVolume), Keyframed(clipVolume)]
    let hearClips = effectiveAudio.hearsClips
    for index in clips.indices {
      let lane = overlaps ? index % 2 : 0
      let segment = clips[index].segment(source: sourceIDs[index], range: ranges[index], at: starts[index])
      videoSegments[lane].append(segment)
      // A held picture is silent.
      if hearClips && clips[index].source.info.audio != nil && segment.playback != .frozen {
        audioSegments[lane].append(segment)
      }
      if index > 0 && overlap(before: index) > .zero {
        addAudioTransition(
          transition(at: index - 1), into: &volumes, from: 1 - lane, to: lane, at: starts[index],
          overlap: overlap(before: index))
      }
    }
    var tracks: [Track] = []
    for lane in 0..<2 where !videoSegments[lane].isEmpty {
      tracks.append(Track(id: videoIDs[lane], kind: .video, segments: videoSegments[lane]))
    }
    var mix = AudioMix()
    for lane in 0..<2 where !audioSegments[lane].isEmpty {
      tracks.append(Track(id: audioIDs[lane], kind: .audio, segments: audioSegments[lane]))
      if !volumes[lane].isConstant || volumes[lane].initial != 1 {
        mix.parameters.append(AudioMixParameters(trackID: audioIDs[lane], volume: volumes[lane]))
      }
    }
    if let soundtrack, effectiveAudio.hearsSoundtrack {
      guard soundtrackStart < soundtrack.info.duration else {
        throw .soundtrackStartsAfterItEnds(
          path: soundtrack.path, start: soundtrackStart, duration: soundtrack.info.duration)
      }
      var source = soundtrack
      if let known = sources.first(where: { $0.path == soundtrack.path }) {
        source.id = known.id
      } else {
        source.id = SourceID(sources.count)
        sources.append(source)
      }
      let track = soundtrackTrack(source, total: total)
      if !track.segments.isEmpty {
        tracks.append(track)
        mix.parameters.append(
          AudioMixParameters(
            trackID: Self.soundtrackTrack, volume: soundtrackVolumeCurve(total: total), ducking: soundtrackDucking))
      }
    }
    var video = VideoComposition(
      renderSize: size, frameDuration: frameDuration, backgroundColor: background,
      instructions: instructions(starts: starts, lengths: lengths, size: size, lanes: videoIDs))
    // A variable frame rate clip without a rate asked for: its pictures at their own times.
    if self.frameDuration == nil, clips.contains(where: { $0.source.info.video?.isVariableFrameRate == true }) {
      video.frameTiming = .sources
    }
    return Composition(sources: sources, tracks: tracks, video: video, audioMix: mix, export: export)
  }

  /// The transition from clip `joint` to the next.
  public func transition(at joint: Int) -> Transition {
    jointTransitions.isEmpty ? transition : jointTransitions[min(joint, jointTransitions.count - 1)]
  }

  /// How long clip `index` overlaps the one before it, and the one after it.
  func overlap(before index: Int) -> MediaTime { index > 0 ? transition(at: index - 1).overlap : .zero }
  func overlap(after index: Int) -> MediaTime {
    index < clips.count - 1 ? transition(at: index).overlap : .zero
  }

  /// Whether any neighbours overlap (then clips alternate between two lanes).
  var overlaps: Bool { (0..<max(0, clips.count - 1)).contains { transition(at: $0).overlap > .zero } }

  /// `transitionEasing` for ramps of any kind of value.
  func easing<V>() -> Ramp<V>.Curve { Ramp<V>.Curve(rawValue: transitionEasing.rawValue) ?? .linear }

  /// `audio`, or its default: the soundtrack alone, mixed under the clips when it ducks, the clips without one.
  public var effectiveAudio: ConcatAudio {
    audio ?? (soundtrack == nil ? .clips : soundtrackDucking == nil ? .soundtrack : .mix)
  }
}
