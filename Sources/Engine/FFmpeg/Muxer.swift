internal import CFFmpeg

/// Owns a muxer writing one file (avformat_alloc_output_context2 / avio_closep / avformat_free_context).
final class Muxer {
  let path: String
  private var context: UnsafeMutablePointer<AVFormatContext>?

  /// Prepares a `formatName` muxer (`mov`, `mp4`) for `path`, creating the file (avio_open).
  init(path: String, formatName: String) throws(FFmpegError) {
    self.path = path
    var ctx: UnsafeMutablePointer<AVFormatContext>?
    try check(avformat_alloc_output_context2(&ctx, nil, formatName, path), "avformat_alloc_output_context2")
    context = ctx
    try check(avio_open(&ctx.unsafelyUnwrapped.pointee.pb, path, AVIO_FLAG_WRITE), "avio_open")
  }

  deinit {
    if let ctx = context {
      avio_closep(&ctx.pointee.pb)
      avformat_free_context(ctx)
    }
  }

  private var format: UnsafeMutablePointer<AVFormatContext> { context.unsafelyUnwrapped }

  /// Whether encoders must put their headers in extradata (AVFMT_GLOBALHEADER).
  var wantsGlobalHeader: Bool { (format.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER) != 0 }

  /// Adds a stream carrying `encoder`'s output; returns its index (avformat_new_stream).
  func addStream(for encoder: Encoder) throws(FFmpegError) -> Int {
    guard let stream = avformat_new_stream(format, nil) else {
      throw FFmpegError(function: "avformat_new_stream", code: cm_averror_enomem())
    }
    try check(
      avcodec_parameters_from_context(stream.pointee.codecpar, encoder.pointer), "avcodec_parameters_from_context")
    stream.pointee.time_base = encoder.timeBase
    return Int(stream.pointee.index)
  }

  /// Adds a stream that will carry packets copied from `source` unchanged: same codec parameters, time base and
  /// side data (display matrix, Dolby Vision configuration). The sample entry tag (`hvc1` or `hev1`, `avc1` or
  /// `avc3`: whether parameter sets are in the header or in the stream) is kept when `keepTag`, else cleared
  /// for the muxer to pick its own. `keepsDolbyVision`: false leaves the Dolby Vision configuration behind.
  /// Returns its index.
  func addStream(copying source: UnsafeMutablePointer<AVStream>, keepTag: Bool, keepsDolbyVision: Bool = true)
    throws(FFmpegError) -> Int
  {
    guard let stream = avformat_new_stream(format, nil) else {
      throw FFmpegError(function: "avformat_new_stream", code: cm_averror_enomem())
    }
    try check(avcodec_parameters_copy(stream.pointee.codecpar, source.pointee.codecpar), "avcodec_parameters_copy")
    if !keepTag { stream.pointee.codecpar.pointee.codec_tag = 0 }
    stream.pointee.time_base = source.pointee.time_base
    try check(cm_copy_stream_side_data(source, stream, keepsDolbyVision ? 1 : 0), "av_stream_new_side_data")
    // FFmpeg's MP4 muxer writes the Dolby Vision record only when unofficial extensions are allowed.
    if keepsDolbyVision && cm_stream_has_dovi(source) != 0 {
      format.pointee.strict_std_compliance = FF_COMPLIANCE_UNOFFICIAL
    }
    return Int(stream.pointee.index)
  }

  /// Gives a stream the HDR10 metadata `picture` carries, for the container to write (Matroska, WebM).
  func addHDR10(stream index: Int, from picture: Frame) throws(FFmpegError) {
    let stream = format.pointee.streams[index].unsafelyUnwrapped
    try check(cm_stream_add_hdr10(stream, picture.pointer), "av_stream_new_side_data")
  }

  /// Replaces a stream's codec configuration (extradata) with `bytes`, before the header is written.
  func setExtradata(stream index: Int, _ bytes: [UInt8]) throws(FFmpegError) {
    let par = format.pointee.streams[index].unsafelyUnwrapped.pointee.codecpar.unsafelyUnwrapped
    av_freep(&par.pointee.extradata)
    par.pointee.extradata_size = 0
    guard let buffer = av_mallocz(bytes.count + Int(AV_INPUT_BUFFER_PADDING_SIZE)) else {
      throw FFmpegError(function: "av_mallocz", code: cm_averror_enomem())
    }
    let data = buffer.assumingMemoryBound(to: UInt8.self)
    bytes.withUnsafeBufferPointer { source in
      if let base = source.baseAddress { data.update(from: base, count: bytes.count) }
    }
    par.pointee.extradata = data
    par.pointee.extradata_size = Int32(bytes.count)
  }

  /// Sets a stream's four-character codec tag (`hvc1`, which Apple players want for HEVC in MP4/MOV).
  func setCodecTag(stream index: Int, _ tag: String) {
    let bytes = Array(tag.utf8) + [0, 0, 0, 0]
    let value = UInt32(bytes[0]) | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) << 16 | UInt32(bytes[3]) << 24
    format.pointee.streams[index].unsafelyUnwrapped.pointee.codecpar.pointee.codec_tag = value
  }

  /// The stream's time base, final once the header is written (mov changes it).
  func timeBase(ofStream index: Int) -> AVRational {
    format.pointee.streams[index].unsafelyUnwrapped.pointee.time_base
  }

  func setMetadata(_ key: String, _ value: String) {
    av_dict_set(&format.pointee.metadata, key, value, 0)
  }

  /// Writes the header with muxer options such as `movflags` (avformat_write_header).
  func writeHeader(options: [String: String]) throws(FFmpegError) {
    var dictionary: OpaquePointer?
    for (key, value) in options { av_dict_set(&dictionary, key, value, 0) }
    defer { av_dict_free(&dictionary) }
    try check(avformat_write_header(format, &dictionary), "avformat_write_header")
  }

  /// Writes a packet whose timestamps are already in its stream's time base (av_interleaved_write_frame); the
  /// drivers write through `PacketWriter`, the one writer of packets.
  func write(_ packet: Packet) throws(FFmpegError) {
    try check(av_interleaved_write_frame(format, packet.pointer), "av_interleaved_write_frame")
  }

  /// Finishes the file (av_write_trailer) and closes it.
  func finish() throws(FFmpegError) {
    try check(av_write_trailer(format), "av_write_trailer")
    try check(avio_closep(&format.pointee.pb), "avio_closep")
  }
}
