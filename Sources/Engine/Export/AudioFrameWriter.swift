internal import CFFmpeg

/// Makes encoder frames from mixed float planar blocks, in the sample format the encoder takes: float planar
/// (AAC), interleaved float (Opus) or interleaved 16-bit (PCM).
struct AudioFrameWriter {
  let format: AVSampleFormat
  let sampleRate: Int32
  let channels: Int

  /// A frame holding the first `count` samples of each channel of `block`, stamped at `pts`.
  func frame(from block: [[Float]], count: Int, pts: Int64) throws(FFmpegError) -> Frame {
    let frame = try Frame()
    let p = frame.pointer
    p.pointee.nb_samples = Int32(count)
    p.pointee.format = format.rawValue
    p.pointee.sample_rate = sampleRate
    av_channel_layout_default(&p.pointee.ch_layout, Int32(channels))
    try check(av_frame_get_buffer(p, 0), "av_frame_get_buffer")
    p.pointee.pts = pts
    switch format {
    case AV_SAMPLE_FMT_FLTP:
      for channel in 0..<channels {
        guard let data = frame.data(channel) else { continue }
        data.withMemoryRebound(to: Float.self, capacity: count) { target in
          block[channel].withUnsafeBufferPointer { source in
            for i in 0..<count { target[i] = source[i] }
          }
        }
      }
    case AV_SAMPLE_FMT_FLT:
      guard let data = frame.data(0) else { break }
      data.withMemoryRebound(to: Float.self, capacity: count * channels) { target in
        for channel in 0..<channels {
          for i in 0..<count { target[i * channels + channel] = block[channel][i] }
        }
      }
    default:
      guard let data = frame.data(0) else { break }
      data.withMemoryRebound(to: Int16.self, capacity: count * channels) { target in
        for channel in 0..<channels {
          for i in 0..<count {
            let v = (block[channel][i] * 32767).rounded()
            target[i * channels + channel] = Int16(max(-32768, min(32767, v)))
          }
        }
      }
    }
    return frame
  }
}
