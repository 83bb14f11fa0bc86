/// How audio tracks are mixed: a volume per track, constant or ramped (AVMutableAudioMix). Tracks without
/// parameters play at volume 1. The sum is limited so it never clips.
public struct AudioMix: Sendable, Hashable {
  public var parameters: [AudioMixParameters]

  public init(parameters: [AudioMixParameters] = []) {
    self.parameters = parameters
  }

  /// The volume curve of `track`.
  public func volume(of track: TrackID) -> Keyframed<Double> {
    parameters.first { $0.trackID == track }?.volume ?? Keyframed(1)
  }

  /// How `track` makes way for the others, if it does.
  public func ducking(of track: TrackID) -> Ducking? {
    parameters.first { $0.trackID == track }?.ducking
  }
}
