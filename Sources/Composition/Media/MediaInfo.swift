/// What the model needs to know of a source file, as measured by the engine's probe. A plain value, so the model
/// and its tests never open a file.
public struct MediaInfo: Sendable, Hashable {
  /// Container name (`mov,mp4,m4a,3gp,3g2,mj2`, `matroska,webm`, ...).
  public var container: String
  /// How long the source lasts from time zero, as the timeline sees it.
  public var duration: MediaTime
  /// The video stream the engine will decode, if any.
  public var video: VideoStreamInfo?
  /// The audio stream the engine will decode, if any.
  public var audio: AudioStreamInfo?
  /// For a truncated file, the duration its header states (`duration` is where its data really ends).
  public var statedDuration: MediaTime?
  /// A single picture with no length of its own (an image file: PNG, JPEG, WebP, BMP, TIFF). `duration` is
  /// zero; a segment may take any range of it and shows the picture throughout.
  public var isStill = false
  /// Why a video stream the file has cannot be used (unsupported codec, too large), when that is so.
  public var unusableVideo: String?

  /// The facts of a file in `container`, lasting `duration`, with the video and audio streams given (nil: none).
  public init(container: String, duration: MediaTime, video: VideoStreamInfo?, audio: AudioStreamInfo?) {
    self.container = container
    self.duration = duration
    self.video = video
    self.audio = audio
  }
}
