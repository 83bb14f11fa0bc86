/// What the picture is made of during a time range: layers, top first, over the background.
public struct VideoCompositionInstruction: Sendable, Hashable {
  /// The stretch of composition time the instruction covers.
  public var timeRange: TimeRange
  /// Layers from the top of the stack down (AVFoundation's order).
  public var layers: [LayerInstruction]
  /// Overrides the video composition's background colour during this instruction.
  public var backgroundColor: Color?

  /// An instruction over `timeRange` drawing `layers` (top first), over `backgroundColor` when one is given.
  public init(timeRange: TimeRange, layers: [LayerInstruction], backgroundColor: Color? = nil) {
    self.timeRange = timeRange
    self.layers = layers
    self.backgroundColor = backgroundColor
  }
}
