/// Facts of an audio stream.
public struct AudioStreamInfo: Sendable, Hashable {
  public var codec: String
  public var sampleRate: Int
  public var channels: Int
  /// Channel layout name (`stereo`, `5.1(side)`, ...).
  public var layout: String

  public init(codec: String, sampleRate: Int, channels: Int, layout: String = "") {
    self.codec = codec
    self.sampleRate = sampleRate
    self.channels = channels
    self.layout = layout
  }
}
