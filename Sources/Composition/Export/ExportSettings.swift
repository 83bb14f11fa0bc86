/// How the composition is encoded and written (AVAssetExportSession's preset and settings, in one value).
public struct ExportSettings: Sendable, Hashable {
  /// Presets in the spirit of AVAssetExportSession's: each sets a quality number, an encoder speed and an audio
  /// bit rate for whichever codecs are used.
  public enum Quality: String, Sendable, Hashable, CaseIterable {
    /// The fastest encode and the smallest file: x264's `veryfast`, H.264 CRF 28, stereo AAC at 96 kb/s.
    case low
    /// The default: x264's `medium`, H.264 CRF 23, stereo AAC at 160 kb/s.
    case medium
    /// x264's `slow`, H.264 CRF 20, stereo AAC at 192 kb/s.
    case high
    /// The slowest encode and the largest file: x264's `slower`, H.264 CRF 17, stereo AAC at 256 kb/s.
    case highest

    var index: Int { Self.allCases.firstIndex(of: self) ?? 1 }

    /// The x264-style speed name.
    public var preset: String { ["veryfast", "medium", "slow", "slower"][index] }
  }

  /// x264's preset names, fastest first; other encoders map them to their own speed settings.
  public static let x264Presets = [
    "ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower", "veryslow", "placebo",
  ]

  /// The file format written.
  public var container: Container
  /// Nil: the container's default.
  public var videoCodec: VideoCodec?
  /// Nil: the container's default.
  public var audioCodec: AudioCodec?
  /// How hard the encoders work for quality: sets the quality number, speed and audio bit rate not given.
  public var quality: Quality
  /// Constant-quality number on the codec's scale; nil: from `quality`.
  public var crf: Int?
  /// One of `x264Presets`; nil: from `quality`.
  public var preset: String?
  /// Bits per second; when set the video is encoded at this average rate instead of constant quality.
  public var videoBitRate: Int?
  /// Bits per second; nil: from `quality` and the codec.
  public var audioBitRate: Int?
  /// `moov` before the media data, so the file starts playing before it has all arrived (MP4 and MOV).
  public var optimizeForNetworkUse: Bool
  /// The output's audio sample rate, in hertz.
  public var audioSampleRate: Int
  /// The output's number of audio channels.
  public var audioChannels: Int
  /// Container metadata (title, comment, ...).
  public var metadata: [String: String]
  /// The pitch of sound played faster or slower: kept (the default) or following the speed.
  public var audioTimePitch: AudioTimePitch = .keep
  /// HDR sources kept as HDR where the output can carry it (the default), or mapped to SDR.
  public var dynamicRange: DynamicRange = .keep
  /// The loudness the sound is brought to; nil: the mix as it is (a peak limiter only keeps it from clipping).
  public var loudness: LoudnessTarget?
  /// Threads a video encoder may use; nil: as many as it likes (x264: one and a half a core). Set by the
  /// command line for the machine at hand, not part of a spec.
  public var threads: Int?

  /// Settings for `container` at `quality`; by default QuickTime, medium quality, 48 kHz stereo, codecs and
  /// numbers from the container and the quality.
  public init(
    container: Container = .mov, videoCodec: VideoCodec? = nil, audioCodec: AudioCodec? = nil,
    quality: Quality = .medium, crf: Int? = nil, preset: String? = nil, videoBitRate: Int? = nil,
    audioBitRate: Int? = nil, optimizeForNetworkUse: Bool = true,
    audioSampleRate: Int = 48_000, audioChannels: Int = 2, metadata: [String: String] = [:]
  ) {
    self.container = container
    self.videoCodec = videoCodec
    self.audioCodec = audioCodec
    self.quality = quality
    self.crf = crf
    self.preset = preset
    self.videoBitRate = videoBitRate
    self.audioBitRate = audioBitRate
    self.optimizeForNetworkUse = optimizeForNetworkUse
    self.audioSampleRate = audioSampleRate
    self.audioChannels = audioChannels
    self.metadata = metadata
  }

  /// These settings for another container, their codecs kept (not that container's defaults); `hdrSources`:
  /// whether an HDR source chose the video codec (`effectiveVideoCodec(hdrSources:)`).
  public func keepingCodecs(in container: Container, hdrSources: Bool) -> ExportSettings {
    var settings = self
    settings.videoCodec = effectiveVideoCodec(hdrSources: hdrSources)
    settings.audioCodec = effectiveAudioCodec
    settings.container = container
    return settings
  }

  /// `videoCodec`, or the container's default for the sources: with an HDR source (`hdrSources`) whose HDR is
  /// kept, HEVC (10-bit, the sources' transfer) where the container's default is H.264, which is 8-bit SDR;
  /// WebM's VP9 keeps HDR as it is; GIF and WebP are SDR.
  public func effectiveVideoCodec(hdrSources: Bool) -> VideoCodec {
    if let videoCodec { return videoCodec }
    let usual = container.defaultVideoCodec
    let keepsHDR = hdrSources && dynamicRange != .sdr && usual == .h264 && container.videoCodecs.contains(.hevc)
    return keepsHDR ? .hevc : usual
  }
  /// `audioCodec`, or the container's default.
  public var effectiveAudioCodec: AudioCodec { audioCodec ?? container.defaultAudioCodec }
  /// `crf`, or the video codec's number for `quality` (the codec `effectiveVideoCodec(hdrSources:)` chooses).
  public func effectiveCRF(hdrSources: Bool) -> Int {
    crf ?? effectiveVideoCodec(hdrSources: hdrSources).crf(for: quality)
  }
  /// `preset`, or `quality`'s speed name.
  public var effectivePreset: String { preset ?? quality.preset }
  /// `audioBitRate`, or the audio codec's rate for `quality` and the channel count, in bits per second.
  public var effectiveAudioBitRate: Int {
    audioBitRate ?? effectiveAudioCodec.bitRate(for: quality, channels: audioChannels)
  }
}
