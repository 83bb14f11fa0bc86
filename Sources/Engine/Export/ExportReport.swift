import Composition

/// What a finished render wrote.
public struct ExportReport: Sendable {
  /// The output written: its path, or `-` for standard output.
  public var path: String
  /// The length written.
  public var duration: MediaTime
  /// Video frames written.
  public var videoFrames: Int64
  /// Audio samples written, per channel.
  public var audioSamples: Int64
  /// Damage skipped, per input (empty when every input decoded cleanly).
  public var damage: [DamageSummary]
}
