internal import CFFmpeg

/// Owns an opened encoder context (avcodec_alloc_context3 / avcodec_free_context).
final class Encoder {
  private var context: UnsafeMutablePointer<AVCodecContext>?

  /// Allocates a context for the encoder `name`, lets `configure` set it up, then opens it with `options`
  /// (private options such as x264's `preset` and `crf`).
  init(
    name: String, globalHeader: Bool, options: [String: String],
    configure: (UnsafeMutablePointer<AVCodecContext>) -> Void
  ) throws(FFmpegError) {
    guard let codec = avcodec_find_encoder_by_name(name) else {
      throw FFmpegError(function: "avcodec_find_encoder_by_name(\(name))", code: cm_averror_encoder_not_found())
    }
    guard let ctx = avcodec_alloc_context3(codec) else {
      throw FFmpegError(function: "avcodec_alloc_context3", code: cm_averror_enomem())
    }
    context = ctx
    configure(ctx)
    if globalHeader { ctx.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER }
    var dictionary: OpaquePointer?
    for (key, value) in options { av_dict_set(&dictionary, key, value, 0) }
    defer { av_dict_free(&dictionary) }
    try check(avcodec_open2(ctx, codec, &dictionary), "avcodec_open2(\(name))")
  }

  deinit {
    avcodec_free_context(&context)
  }

  var pointer: UnsafeMutablePointer<AVCodecContext> { context.unsafelyUnwrapped }
  var timeBase: AVRational { pointer.pointee.time_base }
  /// Samples per audio frame the encoder wants (0 when any size goes).
  var frameSize: Int { Int(pointer.pointee.frame_size) }

  /// Sends a frame, or nil to drain (avcodec_send_frame).
  func send(_ frame: Frame?) throws(FFmpegError) {
    let code = avcodec_send_frame(pointer, frame?.pointer)
    if code == cm_averror_eof() { return }
    try check(code, "avcodec_send_frame")
  }

  /// Receives the next encoded packet (avcodec_receive_packet).
  func receive(into packet: Packet) throws(FFmpegError) -> CodecStatus {
    try codecStatus(avcodec_receive_packet(pointer, packet.pointer), "avcodec_receive_packet")
  }
}
