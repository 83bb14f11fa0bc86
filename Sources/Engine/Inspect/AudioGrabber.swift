import Composition

/// Reads a file's whole audio stream, converted to float planar at a chosen rate and channel count.
package enum AudioGrabber {
  /// Every sample of the stream from the file's start, one array per channel.
  package static func samples(path: String, sampleRate: Int, channels: Int) throws(EngineError) -> [[Float]] {
    try MediaProbe.checkReadable(path)
    let reader = try AudioReader(
      path: path, format: AudioFormat(sampleRate: sampleRate, channels: channels), start: 0)
    var out = Array(repeating: [Float](), count: channels)
    let block = 4096
    var scratch = Array(repeating: [Float](repeating: 0, count: block), count: channels)
    while true {
      let available = try reader.buffered(atLeast: block)
      if available == 0 { break }
      let n = min(available, block)
      for c in 0..<channels { scratch[c].withUnsafeMutableBufferPointer { $0.update(repeating: 0) } }
      try reader.read(count: n, into: &scratch, offset: 0) { _ in 1 }
      for c in 0..<channels { out[c].append(contentsOf: scratch[c][0..<n]) }
    }
    return out
  }
}
