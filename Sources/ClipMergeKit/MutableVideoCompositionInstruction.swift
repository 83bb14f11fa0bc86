/// What the frame shows over a time range: layer instructions, the first on top
/// (AVFoundation's AVMutableVideoCompositionInstruction).
public final class MutableVideoCompositionInstruction {
  public var timeRange: TimeRange
  public var layerInstructions: [MutableVideoCompositionLayerInstruction]
  /// Shown where no layer covers the frame; the video composition's when nil.
  public var backgroundColor: Color?

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
