/// How audio tracks are mixed: a volume per track, constant or ramped (AVMutableAudioMix). Tracks without
/// parameters play at volume 1. The sum is limited so it never clips.
public struct AudioMix: Sendable, Hashable {
  /// The volume of each track that has parameters; a track listed twice plays at its first entry's.
  public var parameters: [AudioMixParameters]

  /// A mix of `parameters` (none by default: every track at volume 1).
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
