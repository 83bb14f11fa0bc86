import Composition

/// One layer of one output frame, ready to draw: a normalized picture, where it goes, how opaque it is.
struct LayerDraw {
  /// Identifies the layer's source picture in caches: the track and the picture's serial.
  var track: TrackID
  var serial: Int
  /// 8-bit 4:2:0 limited range in the output matrix.
  var picture: Frame
  /// Maps picture pixels to render pixels.
  var transform: AffineTransform2D
  var opacity: Double
  /// The same picture throughout (an image, drawn text): shrinks go by whole mipmap levels, so a zoom is
  /// scaled once per level rather than once a frame.
  var isStill = false
  /// The layer's transform changes over time (a ramp).
  var isMoving = false
  /// Where the layer shows in the frame (render pixels) at this time, if it is masked.
  var mask: (shape: LayerMask.Shape, rect: Rect, feather: Double)?
}
