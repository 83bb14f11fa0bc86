/// What happens to the pitch of sound played faster or slower (AVFoundation's audioTimePitchAlgorithm).
public enum AudioTimePitch: String, Sendable, Hashable, CaseIterable {
  /// The pitch stays (Rubber Band's time stretch): a voice at half speed is a slow voice, not a deep one.
  case keep
  /// The pitch follows the speed, as on a tape (varispeed): half speed is an octave down.
  case follow
}
