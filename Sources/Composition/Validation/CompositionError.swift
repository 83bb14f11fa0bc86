import Foundation

/// A rule of the model that a composition breaks. Each case is named after the rule, and says where.
public enum CompositionError: Error, Sendable, Hashable {
  /// No track has a segment: there is nothing to render.
  case emptyComposition
  /// The output would last longer than `limit` (`Composition.maximumDuration`, a day).
  case durationTooLong(MediaTime, limit: MediaTime)
  /// Two sources share one id.
  case duplicateSourceID(SourceID)
  /// Two tracks share one id.
  case duplicateTrackID(TrackID)
  /// A track's segment names a source the composition does not have.
  case unknownSource(track: TrackID, segment: Int, source: SourceID)
  /// A segment takes `kind`, its track's media, from a source that has no stream of that kind.
  case sourceLacksMedia(track: TrackID, segment: Int, source: SourceID, kind: MediaKind)
  /// A segment starts before zero, on the composition's timeline or in its source.
  case negativeTime(track: TrackID, segment: Int)
  /// A segment lasts no time on the timeline, or takes no time of its source without holding a picture.
  case emptySegment(track: TrackID, segment: Int)
  /// A segment needs its source up to `needed` (a frozen one, the picture there), but it lasts `available`.
  case notEnoughSourceContent(track: TrackID, segment: Int, needed: MediaTime, available: MediaTime)
  /// Two segments of one track, `first` and `second`, cover the same composition time.
  case overlappingSegments(track: TrackID, first: Int, second: Int)
  /// A segment plays its source faster than 16 times or slower than 1/16 of its recorded speed.
  case speedOutOfRange(track: TrackID, segment: Int)
  /// A text source holds more than `limit` characters (`Composition.maximumTextLength`).
  case textTooLong(source: SourceID, length: Int, limit: Int)
  /// There are video tracks but no video composition to give the render size and frame rate.
  case missingVideoComposition
  /// The render size has a side outside 2 to 16384 pixels, or more pixels than FFmpeg takes.
  case invalidRenderSize(PixelSize)
  /// The render size has an odd width or height, which H.264's 4:2:0 pictures cannot have.
  case oddRenderSize(PixelSize)
  /// The frame duration is outside 1/1000 to 1 second (a frame rate outside 1 to 1000 per second).
  case invalidFrameDuration(MediaTime)
  /// A video composition instruction starts before zero.
  case negativeInstructionTime(instruction: Int)
  /// A video composition instruction lasts no time.
  case emptyInstruction(instruction: Int)
  /// Two video composition instructions, `first` and `second`, cover the same time.
  case overlappingInstructions(first: Int, second: Int)
  /// An instruction's layer names a track the composition does not have.
  case unknownLayerTrack(instruction: Int, layer: Int, track: TrackID)
  /// An instruction's layer names an audio track.
  case layerTrackNotVideo(instruction: Int, layer: Int, track: TrackID)
  /// An instruction draws one track in two of its layers.
  case duplicateLayerTrack(instruction: Int, track: TrackID)
  /// A layer's opacity, at its start, set or at a ramp's end, is `value`, outside 0 to 1.
  case opacityOutOfRange(instruction: Int, layer: Int, value: Double)
  /// A layer's transform takes an infinite or NaN value, or a scale or offset past `AffineTransform2D`'s limits.
  case transformNotFinite(instruction: Int, layer: Int)
  /// A ramp of the value `context` names (an opacity, a transform, a volume) lasts no time.
  case emptyRamp(context: String)
  /// A ramp of the value `context` names overlaps another ramp or a value set inside it.
  case overlappingRamps(context: String)
  /// The audio mix has parameters for a track the composition does not have.
  case unknownAudioMixTrack(TrackID)
  /// The audio mix has parameters for a video track.
  case audioMixTrackNotAudio(TrackID)
  /// A track's volume in the audio mix, at its start, set or at a ramp's end, is `value`, outside 0 to 16.
  case volumeOutOfRange(track: TrackID, value: Double)
  /// A track ducks by `value` dB, outside `Ducking.depthRange` (1 to 40).
  case duckDepthOutOfRange(track: TrackID, value: Double)
  /// A track's ducking attack or release lasts `value`, outside 1 ms to 10 s.
  case duckTimeOutOfRange(track: TrackID, value: MediaTime)
  /// The loudness target's integrated loudness is outside -70 to -5 LUFS.
  case loudnessOutOfRange(Double)
  /// The loudness target's true peak is outside -9 to 0 dBTP.
  case truePeakOutOfRange(Double)
  /// The CRF given is outside 0 to the video codec's `maximumCRF` (51 for H.264 and HEVC, 63 for VP9 and AV1).
  case crfOutOfRange(Int)
  /// The encoder preset given is not one of `ExportSettings.x264Presets`.
  case unknownPreset(String)
  /// The audio sample rate is outside 8000 to 192000 Hz.
  case unsupportedSampleRate(Int)
  /// The number of audio channels is outside 1 to 8.
  case unsupportedChannelCount(Int)
  /// The video codec is not one the container can carry.
  case videoCodecNotInContainer(VideoCodec, Container)
  /// The audio codec is not one the container can carry (sound is to be written).
  case audioCodecNotInContainer(AudioCodec, Container)
  /// The audio codec cannot encode at the sample rate (AAC takes the MPEG-4 rates, Opus five).
  case sampleRateNotForCodec(Int, AudioCodec)
  /// A video or audio bit rate is outside 8000 to 1000000000 bits per second.
  case bitRateOutOfRange(Int)
}

extension CompositionError {
  /// Whether the rule is about the output settings (codec, container, quality numbers), not the timeline.
  public var isExportSetting: Bool {
    switch self {
    case .crfOutOfRange, .unknownPreset, .unsupportedSampleRate, .unsupportedChannelCount, .videoCodecNotInContainer,
      .audioCodecNotInContainer, .sampleRateNotForCodec, .bitRateOutOfRange, .loudnessOutOfRange,
      .truePeakOutOfRange:
      return true
    default:
      return false
    }
  }
}

extension CompositionError: CustomStringConvertible {
  /// The rule's name and where it is broken (`duplicate track id: track 2 is declared twice`).
  public var description: String {
    switch self {
    case .emptyComposition:
      return "empty composition: no track has a segment"
    case .durationTooLong(let d, let limit):
      return "duration too long: \(d.secondsText) is over the limit of \(limit.secondsText)"
    case .duplicateSourceID(let id):
      return "duplicate source id: \(id) is declared twice"
    case .duplicateTrackID(let id):
      return "duplicate track id: \(id) is declared twice"
    case .unknownSource(let t, let s, let src):
      return "unknown source: \(t) segment \(s) names \(src), which the composition does not have"
    case .sourceLacksMedia(let t, let s, let src, let kind):
      return "source lacks media: \(t) segment \(s) takes \(kind) from \(src), which has no \(kind) stream"
    case .negativeTime(let t, let s):
      return "negative time: \(t) segment \(s) starts before zero"
    case .emptySegment(let t, let s):
      return "empty segment: \(t) segment \(s) has no duration"
    case .notEnoughSourceContent(let t, let s, let needed, let available):
      return
        "not enough source content: \(t) segment \(s) needs the source up to \(needed.secondsText), but it lasts \(available.secondsText)"
    case .overlappingSegments(let t, let a, let b):
      return "overlapping segments: \(t) segments \(a) and \(b) cover the same time"
    case .speedOutOfRange(let t, let s):
      return "speed out of range: \(t) segment \(s) plays at a speed outside 1/16 to 16"
    case .textTooLong(let source, let length, let limit):
      return "text too long: \(source) holds \(length) characters, at most \(limit) may be drawn"
    case .missingVideoComposition:
      return "missing video composition: there are video tracks but no render size or frame rate"
    case .invalidRenderSize(let size):
      return "invalid render size: \(size) (each side must be 2 to 16384 pixels, and FFmpeg takes at most about "
        + "268 million pixels with its padding: 16384x16128, 12288x12288)"
    case .oddRenderSize(let size):
      return "odd render size: \(size) (H.264 4:2:0 needs even width and height)"
    case .invalidFrameDuration(let d):
      return "invalid frame duration: \(d) s (the frame rate must be between 1 and 1000 per second)"
    case .negativeInstructionTime(let i):
      return "negative instruction time: instruction \(i) starts before zero"
    case .emptyInstruction(let i):
      return "empty instruction: instruction \(i) has no duration"
    case .overlappingInstructions(let a, let b):
      return "overlapping instructions: instructions \(a) and \(b) cover the same time"
    case .unknownLayerTrack(let i, let l, let t):
      return "unknown layer track: instruction \(i) layer \(l) names \(t), which the composition does not have"
    case .layerTrackNotVideo(let i, let l, let t):
      return "layer track not video: instruction \(i) layer \(l) names \(t), an audio track"
    case .duplicateLayerTrack(let i, let t):
      return "duplicate layer track: instruction \(i) draws \(t) twice"
    case .opacityOutOfRange(let i, let l, let v):
      return "opacity out of range: instruction \(i) layer \(l) has opacity \(v) (0 to 1)"
    case .transformNotFinite(let i, let l):
      return "transform not finite: instruction \(i) layer \(l) has an infinite, NaN or out-of-range transform "
        + "(scale at most \(Int(AffineTransform2D.maximumScale)), offset at most \(Int(AffineTransform2D.maximumOffset)) pixels)"
    case .emptyRamp(let context):
      return "empty ramp: \(context) ramps over no time"
    case .overlappingRamps(let context):
      return "overlapping ramps: \(context) has changes that overlap in time"
    case .unknownAudioMixTrack(let t):
      return "unknown audio mix track: the audio mix names \(t), which the composition does not have"
    case .audioMixTrackNotAudio(let t):
      return "audio mix track not audio: the audio mix names \(t), a video track"
    case .volumeOutOfRange(let t, let v):
      return "volume out of range: \(t) has volume \(v) (0 to 16)"
    case .duckDepthOutOfRange(let t, let v):
      return "duck depth out of range: \(t) ducks by \(v) dB (1 to 40)"
    case .duckTimeOutOfRange(let t, let v):
      return "duck time out of range: \(t) ducks with an attack or release of \(v.description) (1 ms to 10 s)"
    case .loudnessOutOfRange(let v):
      return "loudness out of range: \(v) LUFS (-70 to -5)"
    case .truePeakOutOfRange(let v):
      return "true peak out of range: \(v) dBTP (-9 to 0)"
    case .crfOutOfRange(let crf):
      return "crf out of range: \(crf) (0 to 51 for H.264 and HEVC, 0 to 63 for VP9 and AV1)"
    case .videoCodecNotInContainer(let codec, let container):
      return "video codec not in container: \(container.rawValue) cannot carry \(codec.rawValue) (it takes "
        + container.videoCodecs.map(\.rawValue).sorted().joined(separator: ", ") + ")"
    case .audioCodecNotInContainer(let codec, let container):
      return "audio codec not in container: \(container.rawValue) cannot carry \(codec.rawValue) (it takes "
        + container.audioCodecs.map(\.rawValue).sorted().joined(separator: ", ") + ")"
    case .sampleRateNotForCodec(let rate, let codec):
      let rates = (codec.sampleRates ?? []).map(String.init).joined(separator: ", ")
      return "sample rate not for codec: \(codec.rawValue) cannot encode \(rate) Hz (it takes \(rates))"
    case .bitRateOutOfRange(let rate):
      return "bit rate out of range: \(rate) b/s (8000 to 1000000000)"
    case .unknownPreset(let p):
      return "unknown preset: '\(p)' (one of \(ExportSettings.x264Presets.joined(separator: ", ")))"
    case .unsupportedSampleRate(let r):
      return "unsupported sample rate: \(r) Hz (8000 to 192000)"
    case .unsupportedChannelCount(let c):
      return "unsupported channel count: \(c) (1 to 8)"
    }
  }
}

extension CompositionError: LocalizedError {
  /// The same words as the command line's error line (`description`), for `localizedDescription` and a top-level
  /// script's uncaught error.
  public var errorDescription: String? { description }
}
