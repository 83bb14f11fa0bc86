/// What the picture is made of during a time range: layers, top first, over the background.
public struct VideoCompositionInstruction: Sendable, Hashable {
  public var timeRange: TimeRange
  /// Layers from the top of the stack down (AVFoundation's order).
  public var layers: [LayerInstruction]
  /// Overrides the video composition's background colour during this instruction.
  public var backgroundColor: Color?

  public init(timeRange: TimeRange, layers: [LayerInstruction], backgroundColor: Color? = nil) {
    self.timeRange = timeRange
    self.layers = layers
    self.backgroundColor = backgroundColor
  }
}
