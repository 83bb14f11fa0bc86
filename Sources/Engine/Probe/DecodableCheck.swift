internal import CFFmpeg

/// Whether a file's video stream gives a picture at all: its first packets are decoded until one picture comes
/// out whole (not concealed), so a stream of encrypted or damaged data that
/// decodes to nothing, or one whose declared size is over the limit (the decoder refuses to allocate it), is
/// refused before a render shows it as black.
enum DecodableCheck {
  /// How many of the stream's packets are tried before the stream counts as giving no picture.
  static let packetLimit = 300

  /// Nil when a picture decodes; otherwise why none does, in the user's words.
  static func problem(path: String, stream index: Int) -> String? {
    guard let input = InputFile.reading(path: path, stream: index), let packet = try? Packet(), let frame = try? Frame()
    else { return nil }
    input.discardAll(except: index)
    guard let decoder = try? Decoder(stream: input.stream(index), threads: 1) else { return nil }
    var sent = 0
    var encrypted = false
    func decoded() -> Bool {
      guard let status = try? decoder.receive(into: frame), status == .ready else { return false }
      defer { frame.unref() }
      // A picture the decoder had to conceal (slices with errors, as random data parses) is not one: the ffmpeg
      // CLI shows none of such a stream.
      return frame.pointer.pointee.decode_error_flags == 0 && frame.pointer.pointee.flags & AV_FRAME_FLAG_CORRUPT == 0
    }
    while sent < packetLimit, (try? input.nextPacket(into: packet)) == true {
      defer { packet.unref() }
      guard packet.streamIndex == Int32(index) else { continue }
      sent += 1
      if av_packet_get_side_data(packet.pointer, AV_PKT_DATA_ENCRYPTION_INFO, nil) != nil { encrypted = true }
      _ = try? decoder.send(packet)
      if decoded() { return nil }
    }
    _ = try? decoder.send(nil)
    if decoded() { return nil }
    if encrypted { return "its video is encrypted (DRM): no picture of it can be decoded" }
    // A stream whose packets all fail to decode within the limit, or one with none: there is no last good picture
    // to hold, so it is not rendered as black.
    return sent == 0 ? nil : "no picture of its video decodes (damaged data, or a size it does not have)"
  }
}
