/// A slow zoom over a clip's time (the Ken Burns effect): its fitted picture scaled from `from` to `to` times
/// about a point of the frame (`centerX`, `centerY`, each 0 to 1), linearly in composition time. Zooming in about
/// a point inside the frame never uncovers what the fit covered.
public struct ClipZoom: Sendable, Hashable {
  /// The picture's scale at the clip's start, as a multiple of its fitted size.
  public var from: Double
  /// The picture's scale at the clip's end, as a multiple of its fitted size.
  public var to: Double
  /// Where the point zoomed about lies across the frame: 0 at the left edge, 1 at the right.
  public var centerX: Double
  /// Where the point zoomed about lies down the frame: 0 at the top edge, 1 at the bottom.
  public var centerY: Double

  /// What a zoom factor may be.
  public static let factors: ClosedRange<Double> = 0.25...8

  /// A zoom from `from` to `to` times about (`centerX`, `centerY`), by default the frame's centre.
  public init(from: Double, to: Double, centerX: Double = 0.5, centerY: Double = 0.5) {
    self.from = from
    self.to = to
    self.centerX = centerX
    self.centerY = centerY
  }

  /// `A,B` (`1,1.2`): from A to B times, about the frame's centre; nil unless both are within `factors`.
  public init?(parsing text: String) {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    guard parts.count == 2, let a = Double(parts[0]), let b = Double(parts[1]), Self.factors.contains(a),
      Self.factors.contains(b)
    else { return nil }
    self.init(from: a, to: b)
  }

  /// `--ken-burns`'s zoom for the `index`th still: in and out by turns, by 15 %, towards the centre, then each
  /// corner's third in turn, so neighbouring stills move differently.
  public static func kenBurns(_ index: Int) -> ClipZoom {
    let centers = [(0.5, 0.5), (0.3, 0.3), (0.7, 0.7), (0.7, 0.3), (0.3, 0.7)]
    let (x, y) = centers[index % centers.count]
    return index % 2 == 0
      ? ClipZoom(from: 1, to: 1.15, centerX: x, centerY: y) : ClipZoom(from: 1.15, to: 1, centerX: x, centerY: y)
  }

  /// `fitted` followed by this zoom's scale `factor` about its centre in a frame of `size`.
  func transform(_ fitted: AffineTransform2D, factor: Double, in size: PixelSize) -> AffineTransform2D {
    let x = centerX * Double(size.width)
    let y = centerY * Double(size.height)
    return fitted.concatenating(.translation(x: -x, y: -y)).concatenating(.scale(x: factor, y: factor))
      .concatenating(.translation(x: x, y: y))
  }

  /// The layer transform that zooms `fitted` over `range` of the composition.
  func keyframes(_ fitted: AffineTransform2D, over range: TimeRange, in size: PixelSize) -> Keyframed<AffineTransform2D>
  {
    let start = transform(fitted, factor: from, in: size)
    var value = Keyframed(start)
    value.ramp(from: start, to: transform(fitted, factor: to, in: size), over: range)
    return value
  }
}
