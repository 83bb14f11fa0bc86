/// A spec read and checked for form: the composition it describes, with its sources not probed yet, and where
/// in the JSON each part came from (to name JSON paths in later problems).
public struct SpecDocument: Sendable {
  /// The composition; each source's `info` is a placeholder until `resolved(with:)`.
  public var composition: Composition
  /// Each source's JSON path where it was first named.
  public var sourcePaths: [SourceID: String]
  /// Each source's path as the spec writes it (before resolving it against the spec's folder).
  public var sourceNames: [SourceID: String]
  /// The output path the spec names, if any (resolved against the spec's folder).
  public var outputPath: String?
  /// The container the spec names (`output.container`), if any.
  public var outputContainer: Container?
  /// Problems of form: what is in `composition` is what could be read despite them.
  public var problems: [SpecProblem]
  /// For a track whose segments `without(sources:)` left out, each kept segment's index in the spec, so a
  /// problem is named at the segment's own path; tracks not listed keep the spec's indices.
  public var specSegmentIndices: [TrackID: [Int]] = [:]
  /// Whether the frame takes the first video clip's size and every clip is fitted into it (whole, centred), once
  /// the sources are probed: a timeline that names no frame size (OpenTimelineIO's).
  public var fitsClipsToFrame = false

  /// The composition without the segments of `sources` (those that could not be probed), so the model's rules
  /// are checked on the rest without repeating the same problem.
  public func without(sources failed: Set<SourceID>) -> SpecDocument {
    var copy = self
    for index in copy.composition.tracks.indices {
      let track = copy.composition.tracks[index]
      let known = specSegmentIndices[track.id] ?? Array(track.segments.indices)
      let kept = track.segments.indices.filter { !failed.contains(track.segments[$0].source) }
      guard kept.count != track.segments.count else { continue }
      copy.specSegmentIndices[track.id] = kept.map { known[$0] }
      copy.composition.tracks[index].segments = kept.map { track.segments[$0] }
    }
    return copy
  }

  /// The composition with every source's probed facts.
  public func resolved(with infos: [SourceID: MediaInfo]) -> Composition {
    var composition = self.composition
    for index in composition.sources.indices {
      if let info = infos[composition.sources[index].id] { composition.sources[index].info = info }
    }
    if fitsClipsToFrame { composition.fitClipsToFrame() }
    return composition
  }

  /// `error` with its segment indices as the spec numbers them (not as `without(sources:)` left them).
  public func renumbered(_ error: CompositionError) -> CompositionError {
    func index(_ t: TrackID, _ s: Int) -> Int {
      guard let indices = specSegmentIndices[t], indices.indices.contains(s) else { return s }
      return indices[s]
    }
    switch error {
    case .unknownSource(let t, let s, let source): return .unknownSource(track: t, segment: index(t, s), source: source)
    case .sourceLacksMedia(let t, let s, let source, let kind):
      return .sourceLacksMedia(track: t, segment: index(t, s), source: source, kind: kind)
    case .negativeTime(let t, let s): return .negativeTime(track: t, segment: index(t, s))
    case .emptySegment(let t, let s): return .emptySegment(track: t, segment: index(t, s))
    case .notEnoughSourceContent(let t, let s, let needed, let available):
      return .notEnoughSourceContent(track: t, segment: index(t, s), needed: needed, available: available)
    case .overlappingSegments(let t, let first, let second):
      return .overlappingSegments(track: t, first: index(t, first), second: index(t, second))
    case .speedOutOfRange(let t, let s): return .speedOutOfRange(track: t, segment: index(t, s))
    default: return error
    }
  }

  /// The JSON path of the part of the spec a composition rule points at (segments numbered as in the spec).
  public func location(of error: CompositionError) -> String {
    func track(_ id: TrackID) -> String {
      "tracks[\(composition.tracks.firstIndex { $0.id == id } ?? 0)]"
    }
    func segment(_ t: TrackID, _ s: Int) -> String { "\(track(t)).segments[\(s)]" }
    switch renumbered(error) {
    case .emptyComposition: return "tracks"
    case .durationTooLong: return "tracks"
    case .duplicateSourceID: return "tracks"
    case .duplicateTrackID(let id): return "\(track(id)).id"
    case .unknownSource(let t, let s, _), .sourceLacksMedia(let t, let s, _, _):
      return "\(segment(t, s)).source"
    case .negativeTime(let t, let s), .emptySegment(let t, let s), .notEnoughSourceContent(let t, let s, _, _):
      return "\(segment(t, s)).sourceRange"
    case .overlappingSegments(let t, _, let s): return segment(t, s)
    case .speedOutOfRange(let t, let s): return "\(segment(t, s)).speed"
    case .textTooLong(let source, _, _):
      for track in composition.tracks {
        if let s = track.segments.firstIndex(where: { $0.source == source }) {
          let indices = specSegmentIndices[track.id]
          return "\(segment(track.id, indices.map { $0[s] } ?? s)).text"
        }
      }
      return "tracks"
    case .missingVideoComposition: return "video"
    case .invalidRenderSize, .oddRenderSize: return "video.renderSize"
    case .invalidFrameDuration: return "video.frameDuration"
    case .negativeInstructionTime(let i), .emptyInstruction(let i): return "video.instructions[\(i)].timeRange"
    case .overlappingInstructions(_, let i): return "video.instructions[\(i)].timeRange"
    case .unknownLayerTrack(let i, let l, _), .layerTrackNotVideo(let i, let l, _):
      return "video.instructions[\(i)].layers[\(l)].track"
    case .duplicateLayerTrack(let i, _): return "video.instructions[\(i)].layers"
    case .opacityOutOfRange(let i, let l, _): return "video.instructions[\(i)].layers[\(l)].opacity"
    case .transformNotFinite(let i, let l): return "video.instructions[\(i)].layers[\(l)].transform"
    case .emptyRamp(let context), .overlappingRamps(let context): return context
    case .unknownAudioMixTrack, .audioMixTrackNotAudio, .volumeOutOfRange, .duckDepthOutOfRange, .duckTimeOutOfRange:
      return "audio.tracks"
    case .loudnessOutOfRange, .truePeakOutOfRange: return "output.loudness"
    case .crfOutOfRange: return "output.crf"
    case .unknownPreset: return "output.preset"
    case .unsupportedSampleRate: return "output.sampleRate"
    case .unsupportedChannelCount: return "output.channels"
    case .videoCodecNotInContainer: return "output.videoCodec"
    case .audioCodecNotInContainer: return "output.audioCodec"
    case .sampleRateNotForCodec: return "output.sampleRate"
    case .bitRateOutOfRange: return "output"
    }
  }
}
