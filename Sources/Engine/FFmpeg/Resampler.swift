internal import CFFmpeg

/// Owns a swresample context converting one audio format to the mix format (swr_alloc_set_opts2 / swr_free).
final class Resampler {
  private var context: OpaquePointer?
  let inputRate: Int32
  let inputFormat: Int32
  let inputChannels: Int32
  let outputRate: Int32
  let outputChannels: Int32

  /// Converts frames like `input` to float planar at `outputRate` with `outputChannels` (default layout).
  init(like input: Frame, outputRate: Int, outputChannels: Int) throws(FFmpegError) {
    let p = input.pointer
    inputRate = p.pointee.sample_rate
    inputFormat = p.pointee.format
    inputChannels = p.pointee.ch_layout.nb_channels
    self.outputRate = Int32(outputRate)
    self.outputChannels = Int32(outputChannels)
    var inLayout = AVChannelLayout()
    if p.pointee.ch_layout.order == AV_CHANNEL_ORDER_UNSPEC {
      av_channel_layout_default(&inLayout, p.pointee.ch_layout.nb_channels)
    } else {
      try check(av_channel_layout_copy(&inLayout, &p.pointee.ch_layout), "av_channel_layout_copy")
    }
    defer { av_channel_layout_uninit(&inLayout) }
    var outLayout = AVChannelLayout()
    av_channel_layout_default(&outLayout, Int32(outputChannels))
    defer { av_channel_layout_uninit(&outLayout) }
    try check(
      swr_alloc_set_opts2(
        &context, &outLayout, AV_SAMPLE_FMT_FLTP, Int32(outputRate), &inLayout,
        AVSampleFormat(rawValue: inputFormat), inputRate, 0, nil),
      "swr_alloc_set_opts2")
    try check(swr_init(context), "swr_init")
  }

  deinit {
    swr_free(&context)
  }

  /// Whether frames like `frame` can go through this resampler unchanged.
  func accepts(_ frame: Frame) -> Bool {
    let p = frame.pointer.pointee
    return p.sample_rate == inputRate && p.format == inputFormat && p.ch_layout.nb_channels == inputChannels
  }

  /// Converts `input` (nil to drain what is buffered) into `output`, which gets fresh buffers (swr_convert_frame).
  func convert(_ input: Frame?, into output: Frame) throws(FFmpegError) {
    output.unref()
    let o = output.pointer
    av_channel_layout_default(&o.pointee.ch_layout, outputChannels)
    o.pointee.format = AV_SAMPLE_FMT_FLTP.rawValue
    o.pointee.sample_rate = outputRate
    let pending = swr_get_delay(context, Int64(outputRate))
    let incoming = Int64(input?.sampleCount ?? 0) * Int64(outputRate) / Int64(max(inputRate, 1))
    o.pointee.nb_samples = Int32(pending + incoming + 32)
    try check(av_frame_get_buffer(o, 0), "av_frame_get_buffer")
    if let input, input.pointer.pointee.ch_layout.order == AV_CHANNEL_ORDER_UNSPEC {
      // Some containers (Matroska PCM) give only a channel count; the resampler was set up with the default
      // layout for that count, so the frame must say so too.
      let count = input.pointer.pointee.ch_layout.nb_channels
      av_channel_layout_uninit(&input.pointer.pointee.ch_layout)
      av_channel_layout_default(&input.pointer.pointee.ch_layout, count)
    }
    try check(swr_convert_frame(context, o, input?.pointer), "swr_convert_frame")
  }
}
