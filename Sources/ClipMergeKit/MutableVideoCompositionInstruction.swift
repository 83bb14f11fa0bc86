/// What the frame shows over a time range: layer instructions, the first on top
/// (AVFoundation's AVMutableVideoCompositionInstruction).
public final class MutableVideoCompositionInstruction {
  /// The stretch of composition time the instruction covers.
  public var timeRange: TimeRange
  /// How each track shows over the range, the first on top.
  public var layerInstructions: [MutableVideoCompositionLayerInstruction]
  /// Shown where no layer covers the frame; the video composition's when nil.
  public var backgroundColor: Color?

  /// An instruction over `timeRange` showing `layerInstructions` (the first on top) over `backgroundColor`.
  public init(
    timeRange: TimeRange, layerInstructions: [MutableVideoCompositionLayerInstruction] = [],
    backgroundColor: Color? = nil
  ) {
    self.timeRange = timeRange
    self.layerInstructions = layerInstructions
    self.backgroundColor = backgroundColor
  }

  convenience init(_ instruction: VideoCompositionInstruction) {
    self.init(
      timeRange: instruction.timeRange,
      layerInstructions: instruction.layers.map(MutableVideoCompositionLayerInstruction.init),
      backgroundColor: instruction.backgroundColor)
  }

  var value: VideoCompositionInstruction {
    VideoCompositionInstruction(
      timeRange: timeRange, layers: layerInstructions.map(\.value), backgroundColor: backgroundColor)
  }
}
