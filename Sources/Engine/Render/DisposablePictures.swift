internal import CFFmpeg

/// Tells the H.264 pictures no other picture refers to (every slice with `nal_ref_idc` 0, such as x264's
/// non-reference B pictures) from their packet alone. After a seek, such pictures before the wanted time can be
/// left undecoded: the pictures from that time on decode exactly as they would have (what libavcodec's
/// `skip_frame = AVDISCARD_NONREF` does, decided per packet so that it stops at the wanted time). Other codecs
/// say nothing here (HEVC's non-reference types can still be referred to by a higher temporal layer).
struct DisposablePictures {
  /// The NAL length field's size in bytes (MP4's avcC), or nil for an Annex B stream (start codes).
  private let lengthSize: Int?

  /// For a stream's parameters; nil when the codec is not H.264.
  init?(_ parameters: AVCodecParameters) {
    guard parameters.codec_id == AV_CODEC_ID_H264 else { return nil }
    if let extradata = parameters.extradata, parameters.extradata_size >= 7, extradata[0] == 1 {
      lengthSize = Int(extradata[4] & 3) + 1
    } else {
      lengthSize = nil
    }
  }

  /// Whether the packet holds slices and none of them is a reference picture's.
  func isDisposable(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var slices = 0
    var disposable = true
    forEachNALHeader(bytes) { header in
      let type = header & 0x1F
      guard (1...5).contains(type) else { return }
      slices += 1
      if header & 0x60 != 0 { disposable = false }
    }
    return slices > 0 && disposable
  }

  /// Calls `body` with the first byte (the header) of each NAL unit.
  private func forEachNALHeader(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (UInt8) -> Void) {
    guard let lengthSize else {
      var zeros = 0
      for i in bytes.indices {
        if bytes[i] == 1, zeros >= 2, i + 1 < bytes.count { body(bytes[i + 1]) }
        zeros = bytes[i] == 0 ? zeros + 1 : 0
      }
      return
    }
    var i = 0
    while i + lengthSize < bytes.count {
      var n = 0
      for k in 0..<lengthSize { n = n << 8 | Int(bytes[i + k]) }
      guard n > 0, i + lengthSize + n <= bytes.count else { return }
      body(bytes[i + lengthSize])
      i += lengthSize + n
    }
  }
}
