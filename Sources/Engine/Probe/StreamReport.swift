/// What `clipmerge probe` says of one stream. Optional fields are absent where they do not apply or are unknown.
public struct StreamReport: Sendable, Codable, Hashable {
  /// The stream's index in the file, from 0.
  public var index: Int
  /// `video`, `audio`, `subtitle`, `data` or `attachment`.
  public var type: String
  /// The codec's FFmpeg name (`h264`, `aac`, ...).
  public var codec: String
  /// Whether clipmerge would use this stream (the file's best video and audio stream it can decode).
  public var selected: Bool
  /// Video: the decoded width in pixels, before rotation and pixel aspect.
  public var width: Int?
  /// Video: the decoded height in pixels, before rotation and pixel aspect.
  public var height: Int?
  /// The upright size in square pixels, after rotation and pixel aspect.
  public var displayWidth: Int?
  /// The upright height in square pixels (see `displayWidth`).
  public var displayHeight: Int?
  /// Clockwise degrees the picture is turned to be upright: 0, 90, 180 or 270 (an iPhone held upright: 90).
  public var rotation: Int?
  /// Mirrored left-right (before the rotation).
  public var mirrored: Bool?
  /// Pixel aspect ratio, `num:den`.
  public var sampleAspectRatio: String?
  /// Nominal frame rate as a rational (`30000/1001`).
  public var frameRate: String?
  /// Average frame rate over the stream, as a rational.
  public var averageFrameRate: String?
  /// Frame spacing varies over the first frames by more than the container's rounding (two ticks of its time
  /// base, or a tenth of the median step).
  public var variableFrameRate: Bool?
  /// The shortest step between the first frames, in seconds.
  public var shortestFrameDuration: Double?
  /// The longest step between the first frames, in seconds.
  public var longestFrameDuration: Double?
  /// Video: the decoded pixel format's FFmpeg name (`yuv420p`, ...).
  public var pixelFormat: String?
  /// `progressive`, `tt`, `bb`, `tb` or `bt`, when the container says.
  public var fieldOrder: String?
  /// The transfer characteristic FFmpeg names (`bt709`, `arib-std-b67`, `smpte2084`, ...), when declared.
  public var colorTransfer: String?
  /// `hlg` or `pq` for HDR video, which clipmerge maps to SDR.
  public var hdr: String?
  /// Audio: samples per second, in hertz.
  public var sampleRate: Int?
  /// Audio: the number of channels.
  public var channels: Int?
  /// Audio: the channel layout's name (`stereo`, `5.1(side)`, ...).
  public var channelLayout: String?
  /// Seconds from the file's zero.
  public var startTime: Double?
  /// Seconds the stream lasts, as its header states, when it states it.
  public var duration: Double?
}
