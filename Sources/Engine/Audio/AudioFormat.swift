/// The one audio format inside the engine: float planar at `sampleRate` with `channels` channels.
struct AudioFormat: Hashable {
  var sampleRate: Int
  var channels: Int
}
