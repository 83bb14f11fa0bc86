internal import CFFmpeg

/// Owns one AVPacket (av_packet_alloc / av_packet_free).
final class Packet {
  let pointer: UnsafeMutablePointer<AVPacket>

  init() throws(FFmpegError) {
    guard let p = av_packet_alloc() else { throw FFmpegError(function: "av_packet_alloc", code: cm_averror_enomem()) }
    pointer = p
  }

  /// A packet holding a copy of `bytes` (av_new_packet).
  convenience init(bytes: [UInt8]) throws(FFmpegError) {
    try self.init()
    try check(av_new_packet(pointer, Int32(bytes.count)), "av_new_packet")
    bytes.withUnsafeBufferPointer { source in
      if let base = source.baseAddress { pointer.pointee.data.update(from: base, count: bytes.count) }
    }
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
