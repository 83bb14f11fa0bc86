/// What `clipmerge probe` says of one file.
public struct ProbeReport: Sendable, Codable, Hashable {
  /// The file, as it was named.
  public var path: String
  /// The demuxer's name (`mov,mp4,m4a,3gp,3g2,mj2`, `matroska,webm`, ...).
  public var container: String
  /// A single picture with no length of its own (an image file); true or absent.
  public var still: Bool?
  /// Seconds; for a truncated file, where its data really ends.
  public var duration: Double?
  /// Seconds: the duration a truncated file's header states (absent for a whole file).
  public var statedDuration: Double?
  /// Seconds: when the first stream starts, before clipmerge shifts the file to zero.
  public var startTime: Double?
  /// Bits per second over the whole file.
  public var bitRate: Int?
  /// Every stream of the file, in the file's order.
  public var streams: [StreamReport]
}
