internal import CRubberBand

/// Another sound played faster or slower with its pitch kept: Rubber Band's R3 engine ("finer") stretches
/// `inner` (read at the mix rate) by `ratio` output samples per input sample. In real-time mode, fed as the
/// mix asks: the stretcher's preferred silence goes in first and its start delay is dropped from the output,
/// so output sample 0 is the stretch of input sample 0. Owns its Rubber Band state.
final class StretchedSound: SegmentSound {
  private let inner: any SegmentSound
  private let state: RubberBandState
  private let channels: Int
  /// Output samples still to drop (the stretcher's start delay).
  private var toDrop: Int
  private var output: [[Float]]

  init(_ inner: any SegmentSound, ratio: Double, format: AudioFormat) throws(EngineError) {
    self.inner = inner
    channels = format.channels
    let options =
      RubberBandOptionProcessRealTime.rawValue | RubberBandOptionEngineFiner.rawValue
      | RubberBandOptionChannelsTogether.rawValue | RubberBandOptionThreadingNever.rawValue
    guard let state = rubberband_new(UInt32(format.sampleRate), UInt32(format.channels), Int32(options), ratio, 1)
    else { throw .internalFailure(.audio, "cannot set up the time stretcher") }
    self.state = state
    output = Array(repeating: [], count: format.channels)
    toDrop = Int(rubberband_get_start_delay(state))
    let pad = Int(rubberband_get_preferred_start_pad(state))
    if pad > 0 { process([[Float]](repeating: [Float](repeating: 0, count: pad), count: channels), count: pad) }
  }

  deinit {
    rubberband_delete(state)
  }

  func read(count: Int, into mix: inout [[Float]], offset: Int, gain: (Int) -> Float) throws(EngineError) {
    while output[0].count < count {
      let needed = max(Int(rubberband_get_samples_required(state)), 256)
      process(try inner.samples(needed, channels: channels), count: needed)
      retrieve()
    }
    for channel in 0..<channels {
      for i in 0..<count { mix[channel][offset + i] += output[channel][i] * gain(i) }
      output[channel].removeFirst(count)
    }
  }

  /// Feeds `count` samples of every channel to the stretcher (Rubber Band takes an array of C arrays).
  private func process(_ input: [[Float]], count: Int) {
    let copies = input.map { channel in
      let copy = UnsafeMutablePointer<Float>.allocate(capacity: max(count, 1))
      copy.initialize(repeating: 0, count: max(count, 1))
      for i in 0..<min(count, channel.count) { copy[i] = channel[i] }
      return copy
    }
    defer { for copy in copies { copy.deallocate() } }
    let list: [UnsafePointer<Float>?] = copies.map { UnsafePointer($0) }
    list.withUnsafeBufferPointer { rubberband_process(state, $0.baseAddress, UInt32(count), 0) }
  }

  /// Takes what the stretcher has ready into `output`, dropping the start delay.
  private func retrieve() {
    while true {
      let ready = Int(rubberband_available(state))
      guard ready > 0 else { return }
      var block = [[Float]](repeating: [Float](repeating: 0, count: ready), count: channels)
      let pointers = (0..<channels).map { _ in UnsafeMutablePointer<Float>.allocate(capacity: ready) }
      defer { for pointer in pointers { pointer.deallocate() } }
      let got = pointers.map { Optional($0) }.withUnsafeBufferPointer {
        Int(rubberband_retrieve(state, $0.baseAddress, UInt32(ready)))
      }
      for channel in 0..<channels {
        block[channel] = Array(UnsafeBufferPointer(start: pointers[channel], count: got))
      }
      let dropped = min(toDrop, got)
      toDrop -= dropped
      for channel in 0..<channels { output[channel] += block[channel][dropped...] }
    }
  }
}
