internal import CFFmpeg
import Composition

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
    if input.isISOMedia && reference.isISOMedia, let a = streams.video, let b = referenceStreams.video {
      let tag = input.stream(a).pointee.codecpar.pointee.codec_tag
      let referenceTag = reference.stream(b).pointee.codecpar.pointee.codec_tag
      if tag != referenceTag {
        return "\(clip): its video sample entry is '\(fourCC(tag))', clip 1's is '\(fourCC(referenceTag))' "
          + "(parameter sets kept in the stream vs in the header)"
      }
    }
    for (kind, a, b) in [
      ("video", streams.video, referenceStreams.video), ("audio", streams.audio, referenceStreams.audio),
    ] {
      guard let a, let b else { continue }
      let (turn, turn1) = (MediaProbe.orientation(of: input.stream(a)), MediaProbe.orientation(of: reference.stream(b)))
      if turn != turn1 { return "\(clip) is \(turn.spoken), clip 1 is \(turn1.spoken)" }
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

  /// How many pictures at the start of the video stream are decoded but not shown: the edit list hides them
  /// (FFmpeg flags their packets AV_PKT_FLAG_DISCARD). A phone clip cut on a frame that is not a keyframe
  /// starts so. Reads packets from the start of a fresh opening of `path`.
  static func hiddenLeadingPictures(path: String, video: Int) -> Int {
    guard let input = try? InputFile.forCopy(path: path), let packet = try? Packet() else { return 0 }
    input.discardAll(except: video)
    // Hidden pictures can come after the first shown one in decode order (B-pictures shown before it), so
    // the count runs to the next keyframe.
    var hidden = 0
    var read = 0
    var shown = false
    while read < 10_000, (try? input.read(into: packet)) == true {
      defer { packet.unref() }
      guard Int(packet.streamIndex) == video else { continue }
      read += 1
      let flags = packet.pointer.pointee.flags
      if shown && flags & AV_PKT_FLAG_KEY != 0 { break }
      if flags & AV_PKT_FLAG_DISCARD != 0 { hidden += 1 } else { shown = true }
    }
    return hidden
  }

  /// Why clip `index` (1-based) cannot be copied because of pictures its edit list hides, or nil. Only the
  /// first clip of an MP4 or QuickTime output can keep them hidden (in the output's own edit list); anywhere
  /// else they would be shown.
  static func hiddenPicturesProblem(path: String, video: Int, index: Int, output: Container) -> String? {
    if index == 1 && output.isISOMedia { return nil }
    let hidden = hiddenLeadingPictures(path: path, video: video)
    guard hidden > 0 else { return nil }
    let place = index == 1 ? "in a \(output.rawValue) output" : "after the first clip"
    return "clip \(index) (\(path)) starts with \(hidden) picture\(hidden == 1 ? "" : "s") its edit list hides "
      + "(it was cut between keyframes); a copy join cannot hide them \(place); join without --copy"
  }

  /// Why clip 1's video cannot be copied into `output` without losing part of its configuration, or nil: FFmpeg
  /// 5.1 writes a Dolby Vision configuration record into MP4 and Matroska only.
  static func configurationProblem(_ input: InputFile, video: Int, output: Container) -> String? {
    guard cm_stream_has_dovi(input.stream(video)) != 0, output != .mp4, output != .mkv else { return nil }
    return "clip 1 (\(input.path)) is Dolby Vision, whose configuration a \(output.rawValue) output would lose; "
      + "write .mp4 or .mkv"
  }

  /// A four-character code as text (`hvc1`).
  static func fourCC(_ tag: UInt32) -> String {
    let bytes = (0..<4).map { UInt8(truncatingIfNeeded: tag >> (8 * $0)) }
    return bytes.allSatisfy({ (0x20..<0x7F).contains($0) }) ? String(decoding: bytes, as: UTF8.self) : "\(tag)"
  }
}
