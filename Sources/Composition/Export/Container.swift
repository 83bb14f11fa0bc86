/// The containers clipmerge writes, chosen by the output's extension or `--format`.
public enum Container: String, Sendable, Hashable, CaseIterable {
  /// QuickTime (`.mov`, `.qt`): H.264, HEVC or ProRes with AAC or PCM (`ExportSettings`' default).
  case mov
  /// MP4 (`.mp4`, `.m4v`): H.264, HEVC, VP9 or AV1 with AAC or Opus.
  case mp4
  /// Matroska (`.mkv`): any codec clipmerge encodes.
  case mkv
  /// WebM (`.webm`): VP9 (the default) or AV1 with Opus.
  case webm
  /// MPEG transport stream (`.ts`, `.m2ts`, `.mpegts`): H.264 or HEVC with AAC.
  case mpegts
  /// An animated GIF (`.gif`), without sound.
  case gif
  /// An animated WebP (`.webp`), without sound.
  case webp

  /// The container for a file name's extension, or nil when it is not one clipmerge writes.
  public init?(pathExtension: String) {
    switch pathExtension.lowercased() {
    case "mov", "qt": self = .mov
    case "mp4", "m4v": self = .mp4
    case "mkv": self = .mkv
    case "webm": self = .webm
    case "ts", "m2ts", "mpegts": self = .mpegts
    case "gif": self = .gif
    case "webp": self = .webp
    default: return nil
    }
  }

  /// The container a file name's extension calls for (`out.mov`), or nil.
  public init?(fileName: String) {
    guard let dot = fileName.lastIndex(of: "."), !fileName[dot...].contains("/") else { return nil }
    self.init(pathExtension: String(fileName[fileName.index(after: dot)...]))
  }

  /// The usual extension of a file in the container.
  public var fileExtension: String { self == .mpegts ? "ts" : rawValue }

  /// MP4 and QuickTime (ISO base media: where moov, faststart and fragments apply).
  public var isISOMedia: Bool { self == .mov || self == .mp4 }

  /// The codecs used when none is asked for: VP9 + Opus in WebM, H.264 + AAC elsewhere.
  public var defaultVideoCodec: VideoCodec {
    switch self {
    case .webm: return .vp9
    case .gif: return .gif
    case .webp: return .webp
    default: return .h264
    }
  }
  /// The audio codec used when none is asked for: Opus in WebM, AAC elsewhere.
  public var defaultAudioCodec: AudioCodec { self == .webm ? .opus : .aac }

  /// The video codecs this container carries (as FFmpeg 5.1 writes them).
  public var videoCodecs: Set<VideoCodec> {
    switch self {
    case .mov: return [.h264, .hevc, .prores]
    case .mp4: return [.h264, .hevc, .vp9, .av1]
    case .mkv: return Set(VideoCodec.allCases)
    case .webm: return [.vp9, .av1]
    case .mpegts: return [.h264, .hevc]
    case .gif: return [.gif]
    case .webp: return [.webp]
    }
  }

  /// The audio codecs this container carries.
  public var audioCodecs: Set<AudioCodec> {
    switch self {
    case .mov: return [.aac, .pcm]
    case .mp4: return [.aac, .opus]
    case .mkv: return Set(AudioCodec.allCases)
    case .webm: return [.opus]
    case .mpegts: return [.aac]
    case .gif, .webp: return []
    }
  }

  /// Whether it has sound at all (an animated GIF or WebP has none: the audio is left out).
  public var carriesAudio: Bool { self != .gif && self != .webp }
}
