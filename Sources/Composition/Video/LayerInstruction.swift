/// How one video track is drawn during an instruction: its transform (decoded, oriented pixels to render pixels)
/// and its opacity, each constant, set at times, or ramped (AVVideoCompositionLayerInstruction).
///
/// The transform applies after the source's own preferred transform (orientation and pixel aspect), so a layer
/// with the identity transform shows its source upright at its display size, at the render's top-left corner.
public struct LayerInstruction: Sendable, Hashable {
  /// The video track the layer draws.
  public var trackID: TrackID
  /// From the upright picture to render pixels, over composition time (identity: upright, at the top-left corner).
  public var transform: Keyframed<AffineTransform2D>
  /// The layer's opacity over composition time, 0 (transparent) to 1 (opaque).
  public var opacity: Keyframed<Double>
  /// Only this part of the source is drawn: a rectangle in the source's upright display pixels. Like
  /// AVFoundation's crop rectangle it hides, it does not move: the transform still places the whole picture.
  public var crop: Rect?
  /// Where in the frame the layer shows (render pixels), set or ramped: wipes and irises.
  public var mask: LayerMask?
  /// Effects on the layer's picture, in order.
  public var effects: [Effect]
  /// What fills the frame behind the layer (its own picture blurred over the whole frame); nil: the layers
  /// below, or the background.
  public var backdrop: Backdrop?
  /// The layer as a whole frame (bars included) that fades and moves as one picture; nil: the picture alone.
  public var frame: LayerFrame?

  /// A layer drawing `trackID`, by default upright at the top-left corner, opaque, uncropped, without mask,
  /// effects, backdrop or frame.
  public init(
    trackID: TrackID, transform: Keyframed<AffineTransform2D> = Keyframed(.identity),
    opacity: Keyframed<Double> = Keyframed(1), crop: Rect? = nil, mask: LayerMask? = nil, effects: [Effect] = [],
    backdrop: Backdrop? = nil, frame: LayerFrame? = nil
  ) {
    self.trackID = trackID
    self.transform = transform
    self.opacity = opacity
    self.crop = crop
    self.mask = mask
    self.effects = effects
    self.backdrop = backdrop
    self.frame = frame
  }
}
