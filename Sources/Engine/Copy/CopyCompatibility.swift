import CFFmpeg

/// Whether files can be joined by copying their packets: every file must carry the same kinds of stream with
/// identical codec parameters (codec, size, pixel format, profile, sample rate, channels, extradata) and the same
/// display matrix, so one output stream header describes them all.
enum CopyCompatibility {
  /// The streams of one input that a copy join uses: its video and, if present, its audio.
  struct Streams {
    var video: Int?
    var audio: Int?

    init(_ input: InputFile) {
      video = StreamSelection.videoStream(of: input)
      audio = StreamSelection.audioStream(of: input)
    }

    var all: [Int] { [video, audio].compactMap { $0 } }
  }

  /// Nil when `input` (clip `index`, 1-based) matches `reference` (clip 1), else the parameter that differs.
  static func difference(
    _ input: InputFile, _ streams: Streams, index: Int, from reference: InputFile, _ referenceStreams: Streams
  )
    -> String?
  {
    let clip = "clip \(index) (\(input.path))"
    if (streams.video == nil) != (referenceStreams.video == nil) {
      return "\(clip) \(streams.video == nil ? "has no" : "has a") video stream, unlike clip 1"
    }
    if (streams.audio == nil) != (referenceStreams.audio == nil) {
      return "\(clip) \(streams.audio == nil ? "has no" : "has an") audio stream, unlike clip 1"
    }
    for (kind, a, b) in [
      ("video", streams.video, referenceStreams.video), ("audio", streams.audio, referenceStreams.audio),
    ] {
      guard let a, let b else { continue }
      if let parameter = differingParameter(input.stream(a), reference.stream(b)) {
        return "\(clip): \(kind) \(parameter) differs from clip 1"
      }
    }
    return nil
  }

  /// The first codec parameter that differs between two streams, named for a person, or nil.
  static func differingParameter(_ s: UnsafeMutablePointer<AVStream>, _ r: UnsafeMutablePointer<AVStream>) -> String? {
    let a = s.pointee.codecpar.unsafelyUnwrapped.pointee
    let b = r.pointee.codecpar.unsafelyUnwrapped.pointee
    if a.codec_id != b.codec_id {
      return
        "codec (\(String(cString: avcodec_get_name(a.codec_id))) vs \(String(cString: avcodec_get_name(b.codec_id))))"
    }
    if a.codec_type == AVMEDIA_TYPE_VIDEO {
      if a.width != b.width || a.height != b.height { return "size (\(a.width)x\(a.height) vs \(b.width)x\(b.height))" }
      if a.format != b.format { return "pixel format" }
      if a.sample_aspect_ratio.num * b.sample_aspect_ratio.den != b.sample_aspect_ratio.num * a.sample_aspect_ratio.den
      {
        return "pixel aspect ratio"
      }
      if MediaProbe.orientation(of: s) != MediaProbe.orientation(of: r) { return "rotation" }
    } else {
      if a.sample_rate != b.sample_rate { return "sample rate (\(a.sample_rate) vs \(b.sample_rate) Hz)" }
      if a.ch_layout.nb_channels != b.ch_layout.nb_channels { return "channel count" }
      if a.format != b.format { return "sample format" }
    }
    if a.profile != b.profile { return "profile" }
    let same =
      a.extradata_size == b.extradata_size
      && (a.extradata_size == 0 || memcmp(a.extradata, b.extradata, Int(a.extradata_size)) == 0)
    return same ? nil : "codec configuration (extradata)"
  }
}
