import ClipMergeKit

/// The export settings given on the command line, each nil (or empty) when not given: put over a spec's or the
/// defaults by `apply(to:)`.
struct ExportOverrides: Sendable, Equatable {
  var videoCodec: VideoCodec?
  var audioCodec: AudioCodec?
  var quality: ExportSettings.Quality?
  var crf: Int?
  var preset: String?
  var videoBitRate: Int?
  var audioBitRate: Int?
  var sampleRate: Int?
  var channels: Int?
  var metadata: [String: String] = [:]
  var noFaststart = false
  var threads: Int?
  var loudness: LoudnessTarget?
  var pitch: AudioTimePitch?
  var hdr: DynamicRange?

  /// Whether the command names how the video is encoded (codec, quality, CRF, preset or bit rate): then every
  /// frame is encoded with it, and a render is smart only when asked.
  var namesVideoEncoding: Bool {
    videoCodec != nil || quality != nil || crf != nil || preset != nil || videoBitRate != nil
  }

  /// `base` with every given setting put over it.
  func apply(to base: ExportSettings) -> ExportSettings {
    var export = base
    if let videoCodec { export.videoCodec = videoCodec }
    if let audioCodec { export.audioCodec = audioCodec }
    if let quality { export.quality = quality }
    if let crf { export.crf = crf }
    if let preset { export.preset = preset }
    if let videoBitRate { export.videoBitRate = videoBitRate }
    if let audioBitRate { export.audioBitRate = audioBitRate }
    if let sampleRate { export.audioSampleRate = sampleRate }
    if let channels { export.audioChannels = channels }
    export.metadata.merge(metadata) { $1 }
    if noFaststart { export.optimizeForNetworkUse = false }
    if let threads { export.threads = threads }
    if let loudness { export.loudness = loudness }
    if let pitch { export.audioTimePitch = pitch }
    if let hdr { export.dynamicRange = hdr }
    return export
  }
}
