/// The volume of one audio track over time (AVFoundation's AVMutableAudioMixInputParameters).
public final class MutableAudioMixInputParameters {
  /// The audio track whose volume these parameters set.
  public let trackID: TrackID
  /// The volume over time (1: as recorded), as `setVolume` and `setVolumeRamp` have set it.
  public private(set) var volume = Keyframed(1.0)

  /// Parameters for `track`, at its recorded volume (1) until a volume is set.
  public init(track: MutableCompositionTrack) {
    trackID = track.trackID
  }

  init(_ parameters: AudioMixParameters) {
    trackID = parameters.trackID
    volume = parameters.volume
  }

  /// Plays at `volume` (1: as recorded) from `time` on.
  public func setVolume(_ volume: Double, at time: MediaTime) {
    self.volume.setting(volume, at: time)
  }

  /// Ramps the volume from `start` to `end` over `timeRange`, holding `end` after it.
  public func setVolumeRamp(fromStartVolume start: Double, toEndVolume end: Double, timeRange: TimeRange) {
    volume.ramp(from: start, to: end, over: timeRange)
  }
}
