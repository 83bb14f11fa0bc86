internal import CFFmpeg

/// Which streams of a file clipmerge uses: the best video stream that is a real picture sequence (not cover art)
/// and the best audio stream, each only when a decoder for it exists.
enum StreamSelection {
  /// The largest picture clipmerge decodes: 16384 on a side, 16384 × 16384 in all.
  static let maximumSide: Int32 = 16_384

  static func videoStream(of input: InputFile) -> Int? {
    guard let index = input.bestStream(AVMEDIA_TYPE_VIDEO), unusableVideo(input, index) == nil else { return nil }
    return index
  }

  /// Why the file's best video stream cannot be used, or nil when it can (or there is none).
  static func unusableVideo(_ input: InputFile, _ index: Int) -> String? {
    let stream = input.stream(index)
    if stream.pointee.disposition & AV_DISPOSITION_ATTACHED_PIC != 0 { return "its only picture is cover art" }
    let par = stream.pointee.codecpar.unsafelyUnwrapped.pointee
    let codec = String(cString: avcodec_get_name(par.codec_id))
    guard avcodec_find_decoder(par.codec_id) != nil else { return "video codec '\(codec)' is not supported" }
    guard par.width > 0, par.height > 0 else {
      // FFmpeg leaves the size unset when it cannot decode the picture: a damaged one, or one over the limit
      // (which its decoder refuses to allocate: the size its header declares says which).
      if let (w, h) = StillPicture.declaredPNGSize(path: input.path), w * h > maximumStillPixels {
        return "picture size \(w)x\(h) is too large for a still picture "
          + "(at most \(maximumStillPixels / 1_000_000) million pixels, such as 8192x8192)"
      }
      return StillPicture.isImage(input)
        ? "the picture cannot be decoded (damaged, or larger than the 8192x8192 a still picture may be)"
        : "the video stream has no picture size"
    }
    guard par.width <= maximumSide, par.height <= maximumSide else {
      return "picture size \(par.width)x\(par.height) is too large (at most \(maximumSide) on a side)"
    }
    if !StillPicture.isImage(input), Int(par.width) * Int(par.height) > maximumVideoPixels {
      return "picture size \(par.width)x\(par.height) is too large "
        + "(at most \(maximumVideoPixels / 1_000_000) million pixels, such as 8192x8192)"
    }
    if StillPicture.isImage(input), Int(par.width) * Int(par.height) > maximumStillPixels {
      return "picture size \(par.width)x\(par.height) is too large for a still picture "
        + "(at most \(maximumStillPixels / 1_000_000) million pixels, such as 8192x8192)"
    }
    // A stream no frame could be probed from (its pixel format unknown) that has no packet at all: a track
    // header with nothing in it would otherwise render as black for the file's length.
    if par.format < 0, !hasPackets(input.path, stream: index) { return "its video stream (\(codec)) holds no pictures" }
    return nil
  }

  /// The largest still picture clipmerge decodes: 8192 × 8192 (256 MB as RGBA, held for the whole render).
  static let maximumStillPixels = 8192 * 8192

  /// The most pixels a moving picture may have: 8192 × 8192, twice 8K UHD (7680 × 4320). Checked on the
  /// declared size before anything is decoded, and by every decoder (`max_pixels`) on the size the stream itself
  /// declares.
  static let maximumVideoPixels = 8192 * 8192

  /// Whether the file holds at least one packet of stream `stream`: packets are read, not decoded.
  static func hasPackets(_ path: String, stream: Int) -> Bool {
    guard let input = try? InputFile(path: path, findStreamInfo: false), let packet = try? Packet() else {
      return true
    }
    input.discardAll(except: [stream])
    while true {
      guard (try? input.read(into: packet)) == true else { return false }
      defer { packet.unref() }
      if Int(packet.streamIndex) == stream { return true }
    }
  }

  /// Why the file's video cannot be used: a sentence when it has a video stream clipmerge cannot use, nil when
  /// it has none at all.
  static func unusableVideo(_ input: InputFile) -> String? {
    input.bestStream(AVMEDIA_TYPE_VIDEO).flatMap { unusableVideo(input, $0) }
  }

  static func audioStream(of input: InputFile) -> Int? {
    guard let index = input.bestStream(AVMEDIA_TYPE_AUDIO) else { return nil }
    let par = input.stream(index).pointee.codecpar.unsafelyUnwrapped.pointee
    guard par.sample_rate > 0, par.ch_layout.nb_channels > 0, avcodec_find_decoder(par.codec_id) != nil else {
      return nil
    }
    return index
  }
}
