internal import CEbur128

/// Measures sound as EBU R128 does (libebur128): the integrated loudness over everything added, and the
/// true peak (4x oversampled) of every channel. Owns its libebur128 state.
final class LoudnessMeter {
  private let state: UnsafeMutablePointer<ebur128_state>
  private let channels: Int
  private var interleaved: [Float] = []

  init(format: AudioFormat, truePeak: Bool) throws(EngineError) {
    var mode = Int32(EBUR128_MODE_I.rawValue)
    if truePeak { mode |= Int32(EBUR128_MODE_TRUE_PEAK.rawValue) }
    guard let state = ebur128_init(UInt32(format.channels), UInt(format.sampleRate), mode) else {
      throw .internalFailure(.audio, "cannot set up the loudness meter")
    }
    self.state = state
    channels = format.channels
    // FFmpeg's order for 5.1 and up is FL FR FC LFE BL BR ...: R128 leaves the LFE out and weights the
    // surrounds (libebur128's default order has no LFE).
    if channels >= 6 {
      ebur128_set_channel(state, 3, Int32(EBUR128_UNUSED.rawValue))
      ebur128_set_channel(state, 4, Int32(EBUR128_LEFT_SURROUND.rawValue))
      ebur128_set_channel(state, 5, Int32(EBUR128_RIGHT_SURROUND.rawValue))
    }
  }

  deinit {
    var state: UnsafeMutablePointer<ebur128_state>? = state
    ebur128_destroy(&state)
  }

  /// Adds `count` samples of every channel (planar, as the mixer makes them).
  func add(_ planar: [[Float]], count: Int) throws(EngineError) {
    if interleaved.count < count * channels { interleaved = [Float](repeating: 0, count: count * channels) }
    for channel in 0..<channels {
      planar[channel].withUnsafeBufferPointer { source in
        for i in 0..<count { interleaved[i * channels + channel] = source[i] }
      }
    }
    let status = interleaved.withUnsafeBufferPointer { ebur128_add_frames_float(state, $0.baseAddress, count) }
    guard status == EBUR128_SUCCESS.rawValue else { throw .internalFailure(.audio, "the loudness meter failed") }
  }

  /// The integrated loudness in LUFS; nil when nothing measured was above R128's absolute gate (silence).
  var integrated: Double? {
    var value = 0.0
    guard ebur128_loudness_global(state, &value) == EBUR128_SUCCESS.rawValue, value.isFinite else { return nil }
    return value
  }

  /// The highest true peak of any channel, linear (1 is full scale); needs `truePeak` at creation.
  var truePeak: Double {
    var highest = 0.0
    for channel in 0..<channels {
      var value = 0.0
      if ebur128_true_peak(state, UInt32(channel), &value) == EBUR128_SUCCESS.rawValue { highest = max(highest, value) }
    }
    return highest
  }
}
