internal import CFFmpeg

/// Owns a decoder context opened for one stream (avcodec_alloc_context3 / avcodec_free_context).
final class Decoder {
  private var context: UnsafeMutablePointer<AVCodecContext>?
  let timeBase: AVRational

  /// Opens the stream's decoder; a video decoder gets `threads` frame and slice threads (0: automatic). With
  /// `explodes`, any error in the stream is the decoder's error (AV_EF_EXPLODE), not concealed.
  init(stream: UnsafeMutablePointer<AVStream>, threads: Int32 = 0, explodes: Bool = false) throws(FFmpegError) {
    let parameters = stream.pointee.codecpar.unsafelyUnwrapped
    guard let codec = Self.codec(for: stream) else {
      throw FFmpegError(function: "avcodec_find_decoder", code: cm_averror_decoder_not_found())
    }
    guard let ctx = avcodec_alloc_context3(codec) else {
      throw FFmpegError(function: "avcodec_alloc_context3", code: cm_averror_enomem())
    }
    context = ctx
    timeBase = stream.pointee.time_base
    try check(avcodec_parameters_to_context(ctx, parameters), "avcodec_parameters_to_context")
    ctx.pointee.pkt_timebase = stream.pointee.time_base
    if parameters.pointee.codec_type == AVMEDIA_TYPE_VIDEO {
      // A declared size over the limit is refused by the decoder (av_image_check_size2), never allocated.
      ctx.pointee.max_pixels = Int64(StreamSelection.maximumVideoPixels)
      ctx.pointee.thread_count = threads
      ctx.pointee.thread_type = FF_THREAD_FRAME | FF_THREAD_SLICE
    }
    if explodes { ctx.pointee.err_recognition |= AV_EF_EXPLODE | AV_EF_BITSTREAM | AV_EF_BUFFER }
    try check(avcodec_open2(ctx, codec, nil), "avcodec_open2")
  }

  deinit {
    avcodec_free_context(&context)
  }

  /// The decoder for `stream`: FFmpeg's own, except for VP8 and VP9 with an alpha channel (Matroska's
  /// `alpha_mode`), whose alpha plane only the libvpx decoders read (from BlockAdditional side data).
  static func codec(for stream: UnsafeMutablePointer<AVStream>) -> UnsafePointer<AVCodec>? {
    let id = stream.pointee.codecpar.pointee.codec_id
    if id == AV_CODEC_ID_VP9 || id == AV_CODEC_ID_VP8,
      let tag = av_dict_get(stream.pointee.metadata, "alpha_mode", nil, 0),
      String(cString: tag.pointee.value) == "1",
      let libvpx = avcodec_find_decoder_by_name(id == AV_CODEC_ID_VP9 ? "libvpx-vp9" : "libvpx")
    {
      return libvpx
    }
    return avcodec_find_decoder(id)
  }

  private var ctx: UnsafeMutablePointer<AVCodecContext> { context.unsafelyUnwrapped }

  /// Sends one packet, or nil to start draining. Returns false when the decoder must be read first (EAGAIN).
  func send(_ packet: Packet?) throws(FFmpegError) -> Bool {
    let code = avcodec_send_packet(ctx, packet?.pointer)
    if code == cm_averror_eagain() || code == cm_averror_eof() { return false }
    try check(code, "avcodec_send_packet")
    return true
  }

  /// Receives the next decoded frame (avcodec_receive_frame).
  func receive(into frame: Frame) throws(FFmpegError) -> CodecStatus {
    try codecStatus(avcodec_receive_frame(ctx, frame.pointer), "avcodec_receive_frame")
  }

  /// A subtitle decoder's cues in one packet, each as an ASS event line, with the cue's display times in
  /// milliseconds from the packet's time (avcodec_decode_subtitle2, avsubtitle_free).
  func decodeSubtitle(_ packet: Packet) throws(FFmpegError) -> [(line: String, start: Int64, end: Int64)] {
    var subtitle = AVSubtitle()
    var got: Int32 = 0
    try check(avcodec_decode_subtitle2(ctx, &subtitle, &got, packet.pointer), "avcodec_decode_subtitle2")
    guard got != 0 else { return [] }
    defer { avsubtitle_free(&subtitle) }
    var cues: [(line: String, start: Int64, end: Int64)] = []
    for index in 0..<Int(subtitle.num_rects) {
      guard let rect = subtitle.rects[index], let ass = rect.pointee.ass else { continue }
      cues.append((String(cString: ass), Int64(subtitle.start_display_time), Int64(subtitle.end_display_time)))
    }
    return cues
  }

  /// The script header a subtitle decoder gives (an ASS file's own styles; FFmpeg's default for SRT and
  /// WebVTT), or nil.
  var subtitleHeader: String? {
    guard let header = ctx.pointee.subtitle_header, ctx.pointee.subtitle_header_size > 0 else { return nil }
    return String(
      decoding: UnsafeBufferPointer(start: header, count: Int(ctx.pointee.subtitle_header_size)), as: UTF8.self)
  }

  /// Forgets buffered frames after a seek (avcodec_flush_buffers).
  func flush() { avcodec_flush_buffers(ctx) }
}
