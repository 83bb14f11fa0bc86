/// How one track shows during an instruction: its transform and opacity, set at a time or ramped
/// (AVFoundation's AVMutableVideoCompositionLayerInstruction). As in AVFoundation the transform maps the track's
/// decoded pixels into the render frame: set it to the asset track's `preferredTransform` (then scale, move) to
/// show a phone's clip upright.
public final class MutableVideoCompositionLayerInstruction {
  /// The composition track this instruction shows.
  public let trackID: TrackID
  /// The transform over time, from the track's decoded pixels into the render frame (identity until set).
  public private(set) var transform = Keyframed(AffineTransform2D.identity)
  /// The opacity over time, 0 to 1 (1, fully opaque, until set).
  public private(set) var opacity = Keyframed(1.0)

  /// An instruction for `track`, shown through the identity transform at full opacity until set.
  public init(assetTrack track: MutableCompositionTrack) {
    trackID = track.trackID
  }

  /// A copy of `layer` (its transform on decoded pixels, as set here).
  init(_ layer: LayerInstruction) {
    trackID = layer.trackID
    transform = layer.transform
    opacity = layer.opacity
  }

  /// What was set, as a value (the transform still on decoded pixels).
  var value: LayerInstruction { LayerInstruction(trackID: trackID, transform: transform, opacity: opacity) }

  /// Shows the track through `transform` from `time` on.
  public func setTransform(_ transform: AffineTransform2D, at time: MediaTime) {
    self.transform.setting(transform, at: time)
  }

  /// Moves from `start` to `end` (each matrix entry linearly) over `timeRange`, holding `end` after it.
  public func setTransformRamp(fromStart start: AffineTransform2D, toEnd end: AffineTransform2D, timeRange: TimeRange) {
    transform.ramp(from: start, to: end, over: timeRange)
  }

  /// Shows the track at `opacity` (0 to 1) from `time` on.
  public func setOpacity(_ opacity: Double, at time: MediaTime) {
    self.opacity.setting(opacity, at: time)
  }

  /// Fades from `start` to `end` over `timeRange`, holding `end` after it.
  public func setOpacityRamp(fromStartOpacity start: Double, toEndOpacity end: Double, timeRange: TimeRange) {
    opacity.ramp(from: start, to: end, over: timeRange)
  }
}
