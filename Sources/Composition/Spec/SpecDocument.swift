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

  /// The composition without the segments of `sources` (those that could not be probed), so the model's rules
  /// are checked on the rest without repeating the same problem.
  public func without(sources failed: Set<SourceID>) -> SpecDocument {
    var copy = self
    for index in copy.composition.tracks.indices {
      copy.composition.tracks[index].segments.removeAll { failed.contains($0.source) }
    }
    return copy
  }

  /// The composition with every source's probed facts.
  public func resolved(with infos: [SourceID: MediaInfo]) -> Composition {
    var composition = self.composition
    for index in composition.sources.indices {
      if let info = infos[composition.sources[index].id] { composition.sources[index].info = info }
    }
    return composition
  }

  /// The JSON path of the part of the spec a composition rule points at.
  public func location(of error: CompositionError) -> String {
    func track(_ id: TrackID) -> String {
      "tracks[\(composition.tracks.firstIndex { $0.id == id } ?? 0)]"
    }
    switch error {
    case .emptyComposition: return "tracks"
    case .durationTooLong: return "tracks"
    case .duplicateSourceID: return "tracks"
    case .duplicateTrackID(let id): return "\(track(id)).id"
    case .unknownSource(let t, let s, _), .sourceLacksMedia(let t, let s, _, _):
      return "\(track(t)).segments[\(s)].source"
    case .negativeTime(let t, let s), .emptySegment(let t, let s), .notEnoughSourceContent(let t, let s, _, _):
      return "\(track(t)).segments[\(s)].sourceRange"
    case .overlappingSegments(let t, _, let s): return "\(track(t)).segments[\(s)]"
    case .speedOutOfRange(let t, let s): return "\(track(t)).segments[\(s)].speed"
    case .textTooLong(let source, _, _):
      for (t, track) in composition.tracks.enumerated() {
        if let s = track.segments.firstIndex(where: { $0.source == source }) {
          return "tracks[\(t)].segments[\(s)].text"
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
