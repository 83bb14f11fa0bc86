internal import CFFmpeg
import Composition
import Foundation

/// Reads a file's facts for the model: container, duration, the video and audio streams clipmerge will use.
public enum MediaProbe {
  /// Probes `path`; throws `EngineError` naming the file when it is missing, unreadable, not media, or has no
  /// stream clipmerge can decode.
  public static func probe(_ path: String) throws(EngineError) -> MediaInfo {
    try info(of: open(path))
  }

  /// Opens `path` as media, or says why it cannot be.
  static func open(_ path: String) throws(EngineError) -> InputFile {
    try checkReadable(path)
    do {
      return try InputFile(path: path)
    } catch {
      throw .readFailed(path: path, error, reason: "not a media file clipmerge can read")
    }
  }

  /// Fails early for a missing file, a directory or a file without read permission.
  public static func checkReadable(_ path: String) throws(EngineError) {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      // Inputs are local files: a URL is a name no file has.
      if path.range(of: "^[A-Za-z][A-Za-z0-9+.-]*://", options: .regularExpression) != nil {
        throw .inputUnreadable(
          path: path, reason: "no such file (clipmerge reads local files, not URLs: download it first)")
      }
      throw .inputUnreadable(path: path, reason: "no such file")
    }
    if isDirectory.boolValue { throw .inputUnreadable(path: path, reason: "is a directory, not a media file") }
    // A FIFO or a device would block the open or read forever: only regular files are inputs (`-` copies
    // standard input to one first).
    var info = stat()
    if stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
      let kind = info.st_mode & S_IFMT == S_IFIFO ? "a named pipe (FIFO)" : "a device"
      throw .inputUnreadable(path: path, reason: "is \(kind), not a media file; pipe it into clipmerge as - instead")
    }
    guard FileManager.default.isReadableFile(atPath: path) else {
      throw .inputUnreadable(path: path, reason: "permission denied")
    }
  }

  static func info(of input: InputFile) throws(EngineError) -> MediaInfo {
    let video = StreamSelection.videoStream(of: input)
    let audio = StreamSelection.audioStream(of: input)
    if video == nil && audio == nil {
      throw .invalidInput(
        path: input.path,
        reason: StreamSelection.unusableVideo(input) ?? "no video or audio stream clipmerge can decode")
    }
    let still = video != nil && audio == nil && StillPicture.isImage(input)
    let length = still ? (.zero, nil) : length(of: input, streams: [video, audio].compactMap { $0 })
    var info = MediaInfo(container: input.containerName, duration: length.duration, video: nil, audio: nil)
    info.statedDuration = length.stated
    info.isStill = still
    info.unusableVideo = video == nil ? StreamSelection.unusableVideo(input) : nil
    if let video {
      if !still, let problem = DecodableCheck.problem(path: input.path, stream: video) {
        throw .invalidInput(path: input.path, reason: problem)
      }
      info.video = videoInfo(input.stream(video))
      // Measured from the packets' stamps, once: whether the rate varies, and the spacing of the closest frames
      // a variable rate is rendered at where its frames cannot keep their own times.
      let spacing = FrameSpacing.measure(path: input.path, stream: video)
      info.video?.isVariableFrameRate = spacing?.isVariable ?? false
      info.video?.shortFrameSpacing = spacing?.closest
      info.video?.typicalFrameSpacing = spacing?.typical
      // (A variable rate's pictures keep their own times: its length is theirs.)
      if let frame = info.video?.preferredFrameDuration, info.video?.isVariableFrameRate == false {
        info.duration = Self.snapped(info.duration, toFramesOf: frame)
      }
    }
    if still, let orientation = try StillPicture.exifOrientation(path: input.path) {
      info.video?.orientation = orientation
    }
    if let audio { info.audio = audioInfo(input.stream(audio)) }
    return info
  }

  /// `duration` less what runs a hair past its video's last whole frame: a clock of 200 ticks a second ends 32
  /// frames at 30 fps at 1.070 s for 1.0667; AAC's last packet of padding runs 20 ms past a 5 fps clip's 14 s;
  /// sound 5 ms longer than the pictures. A remainder of at most a fifth of a frame goes, so the file lasts its
  /// frames (a spec's own trims are rounded by `VideoComposition.frameCount`, which keeps 2 ms).
  static func snapped(_ duration: MediaTime, toFramesOf frame: MediaTime) -> MediaTime {
    guard frame > .zero else { return duration }
    let whole = frame * duration.count(of: frame, rounding: .down)
    let rest = duration - whole
    return rest > .zero && rest <= frame.multiplied(by: 1, dividedBy: 5) && whole > .zero ? whole : duration
  }

  /// How much the file's data holds shortened from the header's claim before it counts as cut off: less than a
  /// frame's or a packet's worth of difference is a rounding of where the last one ends.
  static let truncationTolerance = MediaTime.ticks(1, rate: 2)

  /// How long the file lasts as far as its streams' data really go, and what its header states when that
  /// differs. The header is a hint; the length is that of the pictures and sound the file holds, from the file's
  /// start (its earliest stream's first time) to the end of the last of `streams`. MP4 and QuickTime: the
  /// streams' own timings from their sample tables (not the movie header's duration), shortened by index
  /// entries that lie past the end of the file; a movie whose pictures start late (an empty edit) lasts as long
  /// as they do, as in the ffmpeg CLI and players. Other containers: from the last packets' timestamps, which
  /// also give the length of a file whose header states none, or one shorter than its pictures (an FLV whose
  /// header says 5 s over 6 s of pictures).
  static func length(of input: InputFile, streams: [Int]) -> (duration: MediaTime, stated: MediaTime?) {
    let header = duration(of: input)
    let start = Timestamp.containerTime(input.startTime) ?? .zero
    if input.isISOMedia {
      let own = streamsEnd(of: input, streams: streams).flatMap { $0 > .zero ? $0 : nil } ?? header
      let cut = TruncationCheck.dataEnd(of: input, streams: streams).flatMap { $0 > .zero && $0 < own ? $0 : nil }
      // The last pictures and sound themselves, from near where the tables say (or the file's data) ends.
      let last = DataEnd.lastPackets(path: input.path, streams: streams, start: start, statedEnd: cut ?? own)
      guard let cut else { return (last.map { max($0, own) } ?? own, nil) }
      return (last.map { min(max($0, cut), own) } ?? cut, own)
    }
    // A packet that states no duration lasts a frame at the rate the probed stream has (a WebM's last picture).
    var frames: [Int: MediaTime] = [:]
    for index in streams {
      let stream = input.stream(index).pointee
      frames[index] = frameDuration(stream.avg_frame_rate) ?? frameDuration(stream.r_frame_rate)
    }
    guard let end = DataEnd.scan(path: input.path, streams: streams, start: start, frameLengths: frames),
      end > .zero
    else {
      return (header, nil)
    }
    if header == .zero { return (end, nil) }
    // Within half a frame the header is the muxer's own sum and the packets' stamps are rounded to their clock
    // (Matroska's 60 fps pictures last 16 or 17 ms): the header's length stands.
    if let frame = frames.values.min(), end < header + frame.multiplied(by: 1, dividedBy: 2),
      header < end + frame.multiplied(by: 1, dividedBy: 2)
    {
      return (header, nil)
    }
    let differs = end + truncationTolerance < header || end > header + truncationTolerance
    return (end, differs ? header : nil)
  }

  /// Where the last of `streams` ends by its stated start and duration, from the file's start; nil when one
  /// of them does not say.
  static func streamsEnd(of input: InputFile, streams: [Int]) -> MediaTime? {
    let start = Timestamp.containerTime(input.startTime) ?? .zero
    var end: MediaTime?
    for index in streams {
      let stream = input.stream(index).pointee
      guard let first = Timestamp.time(stream.start_time, stream.time_base),
        let length = Timestamp.time(stream.duration, stream.time_base), length > .zero
      else { return nil }
      end = max(end ?? .zero, first + length - start)
    }
    return end
  }

  /// The container's duration from the file's start, or the longest stream's when the container has none.
  static func duration(of input: InputFile) -> MediaTime {
    if let d = Timestamp.containerTime(input.format.pointee.duration), d > .zero { return d }
    var longest = MediaTime.zero
    for i in 0..<input.streamCount {
      let stream = input.stream(i)
      guard let t = Timestamp.time(stream.pointee.duration, stream.pointee.time_base) else { continue }
      longest = max(longest, t)
    }
    return longest
  }

  static func videoInfo(_ stream: UnsafeMutablePointer<AVStream>) -> VideoStreamInfo {
    let par = stream.pointee.codecpar.unsafelyUnwrapped.pointee
    let sar = av_guess_sample_aspect_ratio(nil, stream, nil)
    return VideoStreamInfo(
      codec: String(cString: avcodec_get_name(par.codec_id)),
      width: Int(par.width), height: Int(par.height),
      sampleAspectNum: Int(sar.num), sampleAspectDen: Int(sar.den),
      orientation: orientation(of: stream),
      nominalFrameDuration: frameDuration(stream.pointee.r_frame_rate),
      averageFrameDuration: frameDuration(stream.pointee.avg_frame_rate),
      pixelFormat: av_get_pix_fmt_name(AVPixelFormat(rawValue: par.format)).map { String(cString: $0) } ?? "unknown",
      transfer: par.color_trc == AVCOL_TRC_UNSPECIFIED
        ? nil : av_color_transfer_name(par.color_trc).map { String(cString: $0) })
  }

  static func audioInfo(_ stream: UnsafeMutablePointer<AVStream>) -> AudioStreamInfo {
    var par = stream.pointee.codecpar.unsafelyUnwrapped.pointee
    var buffer = [CChar](repeating: 0, count: 64)
    av_channel_layout_describe(&par.ch_layout, &buffer, buffer.count)
    return AudioStreamInfo(
      codec: String(cString: avcodec_get_name(par.codec_id)), sampleRate: Int(par.sample_rate),
      channels: Int(par.ch_layout.nb_channels),
      layout: String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
  }

  /// 1 / rate, or nil when the rate is unknown or absurd.
  static func frameDuration(_ rate: AVRational) -> MediaTime? {
    guard rate.num > 0, rate.den > 0, let d = MediaTime(value: Int64(rate.den), timescale: rate.num) else {
      return nil
    }
    return d
  }

  /// The rotation and mirroring of the stream's display matrix, snapped to quarter turns; scale is ignored
  /// (FFmpeg already turns a scaling matrix into the sample aspect ratio).
  static func orientation(of stream: UnsafeMutablePointer<AVStream>) -> Orientation {
    guard let m = cm_stream_display_matrix(stream) else { return .upright }
    var a = Double(m[0]) / 65536
    var b = Double(m[1]) / 65536
    let c = Double(m[3]) / 65536
    let d = Double(m[4]) / 65536
    let mirrored = a * d - b * c < 0
    if mirrored {
      a = -a
      b = -b
    }
    guard a.isFinite, b.isFinite, a != 0 || b != 0 else { return .upright }
    let degrees = atan2(b, a) * 180 / .pi
    return Orientation(quarterTurns: Int((degrees / 90).rounded()), mirrored: mirrored)
  }
}
