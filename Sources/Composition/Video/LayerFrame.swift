/// A layer drawn as a whole frame of its own, as a clip in a join is: a picture of the render size filled with
/// `fill`, the layer's backdrop and picture drawn in it, and that whole picture placed by `transform` (render
/// pixels), faded by the layer's opacity and cut by its mask. So the bars around a letterboxed or pillarboxed clip
/// take part in a transition as its picture does: they fade, slide, wipe and zoom with it.
///
/// The layer's own transform still places its picture in render pixels; within the frame, the picture sits where
/// that transform puts it with the frame's `transform` undone (a slide moves both by the same ramp).
public struct LayerFrame: Sendable, Hashable {
  /// What the frame shows where neither the picture nor its backdrop reaches (the bars).
  public var fill: Color
  /// Where the frame's rectangle (0, 0, render width, render height) goes, over composition time.
  public var transform: Keyframed<AffineTransform2D>

  /// A frame filled with `fill`, by default in its place (the identity).
  public init(fill: Color, transform: Keyframed<AffineTransform2D> = Keyframed(.identity)) {
    self.fill = fill
    self.transform = transform
  }
}
