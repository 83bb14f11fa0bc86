/// How the composition is encoded and written.
public struct ExportSettings: Sendable, Hashable {
  /// The container, chosen from the output's extension.
  public enum Container: String, Sendable, Hashable, CaseIterable {
    case mov
    case mp4

    /// The container for a file name's extension, or nil when it is not one clipmerge writes.
    public init?(pathExtension: String) {
      switch pathExtension.lowercased() {
      case "mov": self = .mov
      case "mp4", "m4v": self = .mp4
      default: return nil
      }
    }
  }

  /// x264's presets, fastest first.
  public static let x264Presets = [
    "ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower", "veryslow", "placebo",
  ]

  public var container: Container
  /// x264 constant rate factor, 0 (lossless) to 51.
  public var crf: Int
  /// One of `x264Presets`.
  public var preset: String
  /// `moov` before the media data, so the file starts playing before it has all arrived.
  public var optimizeForNetworkUse: Bool
  public var audioSampleRate: Int
  public var audioChannels: Int
  public var audioBitRate: Int

  public init(
    container: Container = .mov, crf: Int = 23, preset: String = "medium", optimizeForNetworkUse: Bool = true,
    audioSampleRate: Int = 48_000, audioChannels: Int = 2, audioBitRate: Int = 192_000
  ) {
    self.container = container
    self.crf = crf
    self.preset = preset
    self.optimizeForNetworkUse = optimizeForNetworkUse
    self.audioSampleRate = audioSampleRate
    self.audioChannels = audioChannels
    self.audioBitRate = audioBitRate
  }
}
