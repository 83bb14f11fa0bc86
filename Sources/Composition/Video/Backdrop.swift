/// What fills the frame behind a layer that does not (a portrait clip in a landscape frame): the layer's own
/// picture covering the whole frame, centred, blurred by `blur` render pixels each way (0 to 100), and dimmed by
/// `dim` (0 to 1: drawn at opacity 1 - dim over the background), so the bars are the clip's own colours.
public struct Backdrop: Sendable, Hashable {
  public var blur: Double
  public var dim: Double

  public static let defaultBlur = 24.0
  public static let defaultDim = 0.2

  public init(blur: Double = Backdrop.defaultBlur, dim: Double = Backdrop.defaultDim) {
    self.blur = blur
    self.dim = dim
  }
}
