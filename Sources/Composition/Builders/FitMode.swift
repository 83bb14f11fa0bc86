/// How a picture of one aspect ratio fills a frame of another.
public enum FitMode: String, Sendable, Hashable, CaseIterable {
  /// The whole picture, centred, with bars in the background colour.
  case contain
  /// The frame filled, centred, the picture's overflow cut off.
  case cover
  /// The frame filled, the picture's aspect ratio ignored.
  case stretch
  /// The whole picture, centred, as `contain`, over a blurred copy of itself that covers the frame.
  case blur

  /// What fills the frame behind the fitted picture.
  public var backdrop: Backdrop? { self == .blur ? Backdrop() : nil }

  /// Maps an upright picture of `display` size into `frame`, the spare or overflowing part placed by `anchor`.
  public func transform(from display: PixelSize, to frame: PixelSize, anchor: FitAnchor = .center) -> AffineTransform2D
  {
    let sx = Double(frame.width) / Double(display.width)
    let sy = Double(frame.height) / Double(display.height)
    if self == .stretch { return .scale(x: sx, y: sy) }
    let s = self == .cover ? max(sx, sy) : min(sx, sy)
    // Whole-pixel sizes and positions keep the layer on the compositor's fast path.
    let width = (Double(display.width) * s).rounded()
    let height = (Double(display.height) * s).rounded()
    return AffineTransform2D.scale(x: width / Double(display.width), y: height / Double(display.height))
      .concatenating(
        .translation(
          x: ((Double(frame.width) - width) * anchor.fractions.x).rounded(),
          y: ((Double(frame.height) - height) * anchor.fractions.y).rounded()))
  }
}
