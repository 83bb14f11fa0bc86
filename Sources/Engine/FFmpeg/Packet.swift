import CFFmpeg

/// Owns one AVPacket (av_packet_alloc / av_packet_free).
final class Packet {
  let pointer: UnsafeMutablePointer<AVPacket>

  init() throws(FFmpegError) {
    guard let p = av_packet_alloc() else { throw FFmpegError(function: "av_packet_alloc", code: cm_averror_enomem()) }
    pointer = p
  }

  deinit {
    var p: UnsafeMutablePointer<AVPacket>? = pointer
    av_packet_free(&p)
  }

  var streamIndex: Int32 {
    get { pointer.pointee.stream_index }
    set { pointer.pointee.stream_index = newValue }
  }

  /// Drops the payload, keeping the packet for reuse (av_packet_unref).
  func unref() { av_packet_unref(pointer) }
}
