/// Facts of an audio stream.
public struct AudioStreamInfo: Sendable, Hashable {
  /// The codec's FFmpeg name (`aac`, `opus`, ...).
  public var codec: String
  /// Samples per second, in hertz.
  public var sampleRate: Int
  /// The number of channels.
  public var channels: Int
  /// Channel layout name (`stereo`, `5.1(side)`, ...).
  public var layout: String

  /// The facts of a stream of `codec` at `sampleRate` with `channels` channels laid out as `layout` (empty: unknown).
  public init(codec: String, sampleRate: Int, channels: Int, layout: String = "") {
    self.codec = codec
    self.sampleRate = sampleRate
    self.channels = channels
    self.layout = layout
  }
}
