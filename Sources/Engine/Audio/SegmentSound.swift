/// One segment's sound at the mix rate, read in order: each `read` continues where the last stopped, and the
/// source's end is followed by silence, so it always yields exactly the samples asked for.
protocol SegmentSound: AnyObject {
  /// Adds `count` samples, times `gain(i)` for sample i of the call, into `mix[channel][offset + i]`.
  func read(count: Int, into mix: inout [[Float]], offset: Int, gain: (Int) -> Float) throws(EngineError)
}

extension AudioReader: SegmentSound {}

/// A frozen picture's sound: none.
final class SilentSound: SegmentSound {
  func read(count: Int, into mix: inout [[Float]], offset: Int, gain: (Int) -> Float) {}
}

extension SegmentSound {
  /// `count` samples into fresh buffers (one per channel), at gain 1.
  func samples(_ count: Int, channels: Int) throws(EngineError) -> [[Float]] {
    var block = [[Float]](repeating: [Float](repeating: 0, count: count), count: channels)
    try read(count: count, into: &block, offset: 0) { _ in 1 }
    return block
  }
}
