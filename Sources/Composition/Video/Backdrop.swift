/// What fills the frame behind a layer that does not (a portrait clip in a landscape frame): the layer's own
/// picture covering the whole frame, centred, blurred by `blur` render pixels each way (0 to 100), and dimmed by
/// `dim` (0 to 1: drawn at opacity 1 - dim over the background), so the bars are the clip's own colours.
public struct Backdrop: Sendable, Hashable {
  /// How far the picture is blurred, in render pixels each way (0 to 100).
  public var blur: Double
  /// How much the picture is darkened (0 to 1: drawn at opacity 1 - dim).
  public var dim: Double

  /// The usual blur: 24 render pixels each way.
  public static let defaultBlur = 24.0
  /// The usual dim: 0.2, a fifth darker.
  public static let defaultDim = 0.2

  /// A backdrop blurred by `blur` pixels and dimmed by `dim`, by default 24 pixels and a fifth.
  public init(blur: Double = Backdrop.defaultBlur, dim: Double = Backdrop.defaultDim) {
    self.blur = blur
    self.dim = dim
  }
}
