/// The volume of one audio track over time (AVMutableAudioMixInputParameters).
public struct AudioMixParameters: Sendable, Hashable {
  /// The audio track these parameters apply to.
  public var trackID: TrackID
  /// The track's volume over composition time (1: as recorded).
  public var volume: Keyframed<Double>
  /// Nil: the track plays at its volume whatever else sounds.
  public var ducking: Ducking?

  /// Parameters setting `trackID`'s volume to `volume`, ducking as `ducking` says (nil: not at all).
  public init(trackID: TrackID, volume: Keyframed<Double>, ducking: Ducking? = nil) {
    self.trackID = trackID
    self.volume = volume
    self.ducking = ducking
  }
}
