import Composition

/// What a finished render wrote.
public struct ExportReport: Sendable {
  public var path: String
  public var duration: MediaTime
  public var videoFrames: Int64
  public var audioSamples: Int64
  /// Damage skipped, per input (empty when every input decoded cleanly).
  public var damage: [DamageSummary]
}
