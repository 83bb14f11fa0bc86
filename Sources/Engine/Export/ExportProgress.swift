import Composition

/// How far a render has come.
public struct ExportProgress: Sendable {
  /// Output time written so far.
  public var outputTime: MediaTime
  /// The output's whole duration.
  public var duration: MediaTime
  /// Video frames written so far.
  public var framesWritten: Int64

  /// 0 to 1.
  public var fraction: Double { duration > .zero ? min(1, outputTime.ratio(to: duration)) : 1 }
}
