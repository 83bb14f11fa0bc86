/// The volume of one audio track over time (AVMutableAudioMixInputParameters).
public struct AudioMixParameters: Sendable, Hashable {
  public var trackID: TrackID
  public var volume: Keyframed<Double>
  /// Nil: the track plays at its volume whatever else sounds.
  public var ducking: Ducking?

  public init(trackID: TrackID, volume: Keyframed<Double>, ducking: Ducking? = nil) {
    self.trackID = trackID
    self.volume = volume
    self.ducking = ducking
  }
}
