/// The volumes of a composition's audio tracks (AVFoundation's AVMutableAudioMix); a track without parameters
/// plays at its recorded volume.
public final class MutableAudioMix {
  /// The parameters of the tracks whose volume is set; the other tracks play at their recorded volume.
  public var inputParameters: [MutableAudioMixInputParameters]

  /// A mix of `inputParameters` (none by default: every track at its recorded volume).
  public init(inputParameters: [MutableAudioMixInputParameters] = []) {
    self.inputParameters = inputParameters
  }

  init(_ mix: AudioMix) { inputParameters = mix.parameters.map(MutableAudioMixInputParameters.init) }

  var value: AudioMix {
    AudioMix(parameters: inputParameters.map { AudioMixParameters(trackID: $0.trackID, volume: $0.volume) })
  }
}
