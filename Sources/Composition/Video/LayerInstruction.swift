/// How one video track is drawn during an instruction: its transform (decoded, oriented pixels to render pixels)
/// and its opacity, each constant, set at times, or ramped (AVVideoCompositionLayerInstruction).
///
/// The transform applies after the source's own preferred transform (orientation and pixel aspect), so a layer
/// with the identity transform shows its source upright at its display size, at the render's top-left corner.
public struct LayerInstruction: Sendable, Hashable {
  public var trackID: TrackID
  public var transform: Keyframed<AffineTransform>
  public var opacity: Keyframed<Double>

  public init(
    trackID: TrackID, transform: Keyframed<AffineTransform> = Keyframed(.identity),
    opacity: Keyframed<Double> = Keyframed(1)
  ) {
    self.trackID = trackID
    self.transform = transform
    self.opacity = opacity
  }
}
