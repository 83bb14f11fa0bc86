extension Composition {
  /// The longest output clipmerge will render: a day.
  public static let maximumDuration = MediaTime(seconds: 86_400)
  /// The longest text one title may hold, in characters: a full screen of small print. Every frame lays the
  /// text out again, so a 100 KB text would take most of a second a frame.
  public static let maximumTextLength = 2_000
  /// The largest render side: H.264 level limits stop well below this.
  public static let maximumRenderSide = 16_384

  /// Whether FFmpeg takes a picture of `size`: its image size check wants 8 × (width + 128) × (height + 128)
  /// below 2³¹ − 1, so a 16384-wide frame is at most 16128 high (16384x16384 is refused by every encoder).
  public static func fitsFFmpeg(_ size: PixelSize) -> Bool {
    8 * (Int64(size.width) + 128) * (Int64(size.height) + 128) < Int64(Int32.max)
  }

  /// Throws `InvalidComposition` listing every rule broken; returns when the engine can render this.
  public func validate() throws(InvalidComposition) {
    let found = problems()
    if !found.isEmpty { throw InvalidComposition(problems: found) }
  }

  /// Every rule broken, in a stable order (empty when valid).
  public func problems() -> [CompositionError] {
    var problems: [CompositionError] = []
    problems += duplicateIDProblems()
    for source in sources {
      if case .text(let text, _) = source.drawing, text.count > Self.maximumTextLength {
        problems.append(.textTooLong(source: source.id, length: text.count, limit: Self.maximumTextLength))
      }
    }
    for track in tracks { problems += segmentProblems(of: track) }
    if tracks.allSatisfy({ $0.segments.isEmpty }) { problems.append(.emptyComposition) }
    if duration > Self.maximumDuration {
      problems.append(.durationTooLong(duration, limit: Self.maximumDuration))
    }
    problems += videoProblems()
    problems += audioMixProblems()
    problems += exportProblems()
    return problems
  }

  private func duplicateIDProblems() -> [CompositionError] {
    var problems: [CompositionError] = []
    var seenSources = Set<SourceID>()
    for source in sources where !seenSources.insert(source.id).inserted {
      problems.append(.duplicateSourceID(source.id))
    }
    var seenTracks = Set<TrackID>()
    for track in tracks where !seenTracks.insert(track.id).inserted {
      problems.append(.duplicateTrackID(track.id))
    }
    return problems
  }

  private func segmentProblems(of track: Track) -> [CompositionError] {
    var problems: [CompositionError] = []
    for (index, segment) in track.segments.enumerated() {
      if segment.compositionRange.start < .zero || segment.sourceRange.start < .zero {
        problems.append(.negativeTime(track: track.id, segment: index))
      }
      let frozen = segment.playback == .frozen
      if segment.compositionRange.isEmpty || (segment.sourceRange.isEmpty && !frozen) {
        problems.append(.emptySegment(track: track.id, segment: index))
      }
      let sixteen = MediaTime(seconds: 16)
      if !frozen && !segment.compositionRange.isEmpty && !segment.sourceRange.isEmpty,
        let speed = segment.sourceRange.duration.scaled(
          by: MediaTime(seconds: 1), over: segment.compositionRange.duration),
        speed > sixteen || speed < MediaTime.ticks(1, rate: 16)
      {
        problems.append(.speedOutOfRange(track: track.id, segment: index))
      }
      guard let source = source(segment.source) else {
        problems.append(.unknownSource(track: track.id, segment: index, source: segment.source))
        continue
      }
      let hasMedia = track.kind == .video ? source.info.video != nil : source.info.audio != nil
      if !hasMedia {
        problems.append(.sourceLacksMedia(track: track.id, segment: index, source: source.id, kind: track.kind))
      }
      if !source.info.isStill
        && (segment.sourceRange.end > source.info.duration
          || (frozen && segment.sourceRange.start >= source.info.duration))
      {
        problems.append(
          .notEnoughSourceContent(
            track: track.id, segment: index, needed: segment.sourceRange.end, available: source.info.duration))
      }
    }
    let ordered = track.segments.indices.sorted {
      track.segments[$0].compositionRange.start < track.segments[$1].compositionRange.start
    }
    for (first, second) in zip(ordered, ordered.dropFirst())
    where track.segments[first].compositionRange.overlaps(track.segments[second].compositionRange) {
      problems.append(.overlappingSegments(track: track.id, first: min(first, second), second: max(first, second)))
    }
    return problems
  }

  private func videoProblems() -> [CompositionError] {
    guard let video else {
      return tracks(of: .video).isEmpty ? [] : [.missingVideoComposition]
    }
    var problems: [CompositionError] = []
    let size = video.renderSize
    if !(2...Self.maximumRenderSide).contains(size.width) || !(2...Self.maximumRenderSide).contains(size.height)
      || !Self.fitsFFmpeg(size)
    {
      problems.append(.invalidRenderSize(size))
    } else if size.width % 2 != 0 || size.height % 2 != 0 {
      problems.append(.oddRenderSize(size))
    }
    if video.frameDuration < MediaTime.ticks(1, rate: 1000) || video.frameDuration > MediaTime(seconds: 1) {
      problems.append(.invalidFrameDuration(video.frameDuration))
    }
    for (index, instruction) in video.instructions.enumerated() {
      problems += instructionProblems(instruction, index: index)
    }
    let ordered = video.instructions.indices.sorted {
      video.instructions[$0].timeRange.start < video.instructions[$1].timeRange.start
    }
    for (first, second) in zip(ordered, ordered.dropFirst())
    where video.instructions[first].timeRange.overlaps(video.instructions[second].timeRange) {
      problems.append(.overlappingInstructions(first: min(first, second), second: max(first, second)))
    }
    return problems
  }

  private func instructionProblems(_ instruction: VideoCompositionInstruction, index: Int) -> [CompositionError] {
    var problems: [CompositionError] = []
    if instruction.timeRange.start < .zero { problems.append(.negativeInstructionTime(instruction: index)) }
    if instruction.timeRange.isEmpty { problems.append(.emptyInstruction(instruction: index)) }
    var drawn = Set<TrackID>()
    for (layerIndex, layer) in instruction.layers.enumerated() {
      if !drawn.insert(layer.trackID).inserted {
        problems.append(.duplicateLayerTrack(instruction: index, track: layer.trackID))
      }
      if let track = track(layer.trackID) {
        if track.kind != .video {
          problems.append(.layerTrackNotVideo(instruction: index, layer: layerIndex, track: layer.trackID))
        }
      } else {
        problems.append(.unknownLayerTrack(instruction: index, layer: layerIndex, track: layer.trackID))
      }
      if let bad = layer.opacity.allValues.first(where: { !(0...1).contains($0) }) {
        problems.append(.opacityOutOfRange(instruction: index, layer: layerIndex, value: bad))
      }
      let frameMoves = layer.frame?.transform.allValues ?? []
      if !(layer.transform.allValues + frameMoves).allSatisfy(\.isWithinLimits) {
        problems.append(.transformNotFinite(instruction: index, layer: layerIndex))
      }
      let context = "instruction \(index) layer \(layerIndex)"
      problems += Self.rampProblems(layer.opacity, context: "\(context) opacity")
      problems += Self.rampProblems(layer.transform, context: "\(context) transform")
      if let frame = layer.frame {
        problems += Self.rampProblems(frame.transform, context: "\(context) frame transform")
      }
    }
    return problems
  }

  private func audioMixProblems() -> [CompositionError] {
    var problems: [CompositionError] = []
    for parameters in audioMix.parameters {
      guard let track = track(parameters.trackID) else {
        problems.append(.unknownAudioMixTrack(parameters.trackID))
        continue
      }
      if track.kind != .audio { problems.append(.audioMixTrackNotAudio(parameters.trackID)) }
      if let bad = parameters.volume.allValues.first(where: { !(0...16).contains($0) }) {
        problems.append(.volumeOutOfRange(track: parameters.trackID, value: bad))
      }
      problems += Self.rampProblems(parameters.volume, context: "\(parameters.trackID) volume")
      if let ducking = parameters.ducking {
        if !Ducking.depthRange.contains(ducking.depth) {
          problems.append(.duckDepthOutOfRange(track: parameters.trackID, value: ducking.depth))
        }
        if let bad = [ducking.attack, ducking.release].first(where: { !Ducking.allows($0) }) {
          problems.append(.duckTimeOutOfRange(track: parameters.trackID, value: bad))
        }
      }
    }
    return problems
  }

  private func exportProblems() -> [CompositionError] {
    var problems: [CompositionError] = []
    let videoCodec = effectiveVideoCodec
    let audioCodec = export.effectiveAudioCodec
    if let crf = export.crf, !(0...videoCodec.maximumCRF).contains(crf) { problems.append(.crfOutOfRange(crf)) }
    if let preset = export.preset, !ExportSettings.x264Presets.contains(preset) {
      problems.append(.unknownPreset(preset))
    }
    if !(8_000...192_000).contains(export.audioSampleRate) {
      problems.append(.unsupportedSampleRate(export.audioSampleRate))
    }
    if !(1...8).contains(export.audioChannels) { problems.append(.unsupportedChannelCount(export.audioChannels)) }
    if video != nil && !export.container.videoCodecs.contains(videoCodec) {
      problems.append(.videoCodecNotInContainer(videoCodec, export.container))
    }
    if hasAudio && export.container.carriesAudio && !export.container.audioCodecs.contains(audioCodec) {
      problems.append(.audioCodecNotInContainer(audioCodec, export.container))
    }
    if hasAudio, (8_000...192_000).contains(export.audioSampleRate), let rates = audioCodec.sampleRates,
      !rates.contains(export.audioSampleRate)
    {
      problems.append(.sampleRateNotForCodec(export.audioSampleRate, audioCodec))
    }
    if let loudness = export.loudness {
      if !LoudnessTarget.integratedRange.contains(loudness.integrated) {
        problems.append(.loudnessOutOfRange(loudness.integrated))
      }
      if !LoudnessTarget.truePeakRange.contains(loudness.truePeak) {
        problems.append(.truePeakOutOfRange(loudness.truePeak))
      }
    }
    for rate in [export.videoBitRate, export.audioBitRate].compactMap({ $0 })
    where !(8_000...1_000_000_000).contains(rate) {
      problems.append(.bitRateOutOfRange(rate))
    }
    return problems
  }

  /// Ramps must last and must not overlap one another or a set value inside them.
  static func rampProblems<V>(_ value: Keyframed<V>, context: String) -> [CompositionError] {
    var problems: [CompositionError] = []
    var busyUntil: MediaTime?
    for change in value.changes {
      if let until = busyUntil, change.start < until {
        problems.append(.overlappingRamps(context: context))
        break
      }
      busyUntil = nil
      if case .ramp(let ramp) = change {
        if ramp.timeRange.isEmpty { problems.append(.emptyRamp(context: context)) }
        busyUntil = ramp.timeRange.end
      }
    }
    return problems
  }
}
