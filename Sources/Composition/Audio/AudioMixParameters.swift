/// The volume of one audio track over time (AVMutableAudioMixInputParameters).
public struct AudioMixParameters: Sendable, Hashable {
  public var trackID: TrackID
  public var volume: Keyframed<Double>

  public init(trackID: TrackID, volume: Keyframed<Double>) {
    self.trackID = trackID
    self.volume = volume
  }
}
