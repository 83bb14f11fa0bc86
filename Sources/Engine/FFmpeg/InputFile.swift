internal import CFFmpeg
import Foundation

/// Owns an opened, probed input (avformat_open_input / avformat_close_input).
final class InputFile {
  let path: String
  private var context: UnsafeMutablePointer<AVFormatContext>?

  /// Opens `path` and, with `findStreamInfo`, reads enough packets to know every stream's parameters
  /// (avformat_open_input, avformat_find_stream_info). Without it only the container's header is read: enough for
  /// MP4 and QuickTime, whose header describes every stream.
  init(path: String, findStreamInfo: Bool = true) throws(FFmpegError) {
    self.path = path
    var ctx: UnsafeMutablePointer<AVFormatContext>?
    try check(avformat_open_input(&ctx, Self.localName(path), nil, nil), "avformat_open_input")
    context = ctx
    if findStreamInfo { try readStreamInfo() }
  }

  /// The name FFmpeg opens for the local file `path`: `file:` and its absolute path, so that a name that looks
  /// like one of FFmpeg's protocols (`cache:v.mp4`, `pipe:0`, `file:x.mp4`, `http:...`) is the file of that name
  /// and nothing else: clipmerge reads local files only (and `-`, standard input, copied to one first).
  static func localName(_ path: String) -> String {
    if path.hasPrefix("/") { return "file:" + path }
    let folder = FileManager.default.currentDirectoryPath
    return "file:" + folder + (folder.hasSuffix("/") ? "" : "/") + path
  }

  /// Reads packets until every stream's parameters are known (avformat_find_stream_info).
  /// The decoders it opens refuse a picture over the limit (`max_pixels`) rather than allocate it.
  func readStreamInfo() throws(FFmpegError) {
    let count = streamCount
    var options = [OpaquePointer?](repeating: nil, count: count)
    for k in 0..<count { av_dict_set(&options[k], "max_pixels", "\(StreamSelection.maximumVideoPixels)", 0) }
    defer { for k in 0..<count { av_dict_free(&options[k]) } }
    let code = options.withUnsafeMutableBufferPointer { avformat_find_stream_info(format, $0.baseAddress) }
    try check(code, "avformat_find_stream_info")
  }

  /// Opens `path` for copying packets: the header alone for MP4 and QuickTime (which describe every stream in
  /// it), probing packets for other containers and for a sample entry that leaves the picture size to the
  /// stream (MPEG-4 Part 2's `mp4v`).
  static func forCopy(path: String) throws(FFmpegError) -> InputFile {
    let input = try InputFile(path: path, findStreamInfo: false)
    let unsized = (0..<input.streamCount).contains {
      let par = input.stream($0).pointee.codecpar.pointee
      return par.codec_type == AVMEDIA_TYPE_VIDEO && (par.width <= 0 || par.height <= 0)
    }
    if !input.isISOMedia || unsized { try input.readStreamInfo() }
    return input
  }

  /// Opens `path` to read stream `index`'s packets: the header alone where it describes that stream, the streams
  /// found from the first packets for containers that make their streams as their packets come (FLV). Nil when
  /// the file cannot be opened or has no such stream.
  static func reading(path: String, stream index: Int) -> InputFile? {
    if let quick = try? InputFile(path: path, findStreamInfo: false), index < quick.streamCount { return quick }
    guard let input = try? InputFile(path: path), index < input.streamCount else { return nil }
    return input
  }

  deinit {
    avformat_close_input(&context)
  }

  var format: UnsafeMutablePointer<AVFormatContext> {
    // Non-nil from init until deinit.
    context.unsafelyUnwrapped
  }

  var streamCount: Int { Int(format.pointee.nb_streams) }

  func stream(_ index: Int) -> UnsafeMutablePointer<AVStream> {
    format.pointee.streams[index].unsafelyUnwrapped
  }

  var containerName: String {
    guard let name = format.pointee.iformat?.pointee.name else { return "unknown" }
    return String(cString: name)
  }

  /// Whether the file is MP4 or QuickTime (ISO base media: sample entries, edit lists).
  var isISOMedia: Bool { containerName.hasPrefix("mov,") }

  /// The earliest start time of the file, in AV_TIME_BASE units, or 0 when unknown.
  var startTime: Int64 {
    let t = format.pointee.start_time
    return t == cm_nopts_value() ? 0 : t
  }

  /// The best stream of `type`, or nil (av_find_best_stream).
  func bestStream(_ type: AVMediaType) -> Int? {
    let index = av_find_best_stream(format, type, -1, -1, nil, 0)
    return index >= 0 ? Int(index) : nil
  }

  /// Tells the demuxer to drop every stream but `keep` before reading (saves reading work).
  func discardAll(except keep: Int) {
    discardAll(except: [keep])
  }

  /// Tells the demuxer to drop every stream not in `keep`.
  func discardAll(except keep: Set<Int>) {
    for i in 0..<streamCount {
      stream(i).pointee.discard = keep.contains(i) ? AVDISCARD_DEFAULT : AVDISCARD_ALL
    }
  }

  /// The file's size in bytes, or nil when it cannot tell (avio_size).
  var byteSize: Int64? {
    guard let pb = format.pointee.pb else { return nil }
    let size = avio_size(pb)
    return size > 0 ? size : nil
  }

  /// Moves reading to byte `position`; the demuxer finds the next packet boundary from there
  /// (av_seek_frame with AVSEEK_FLAG_BYTE).
  func seek(toByte position: Int64) throws(FFmpegError) {
    try check(av_seek_frame(format, -1, position, AVSEEK_FLAG_BYTE), "av_seek_frame")
  }

  /// Reads the next packet; false at the end of the file (av_read_frame).
  func read(into packet: Packet) throws(FFmpegError) -> Bool {
    let code = av_read_frame(format, packet.pointer)
    if code == cm_averror_eof() { return false }
    try check(code, "av_read_frame")
    return true
  }

  /// The next packet into `packet`, false at the end of the data. Damaged data (AVERROR_INVALIDDATA: a corrupt
  /// or cut-off tail, or EIO from a demuxer that ran out of data) ends the data as the end of the file does, the
  /// rule the render and the length probe follow; any other failure (an I/O error of the file's reader, memory)
  /// throws, so a read error is never taken for the end of a file.
  func nextPacket(into packet: Packet) throws(EngineError) -> Bool {
    let more: Bool
    do {
      more = try read(into: packet)
    } catch {
      let failed = readerFailed
      if error.code == cm_averror_invaliddata() || (error.code == -EIO && !failed) { return false }
      throw .readFailed(path: path, error, reason: "cannot be read", ioFailed: failed)
    }
    // A demuxer that only checks for the end takes a failed read(2) for it: the reader's error says otherwise.
    if !more, let error = readerError {
      throw .readFailed(path: path, error, reason: "cannot be read", ioFailed: true)
    }
    return more
  }

  /// Whether the file's reader met an I/O error (the AVIOContext's error, set from read(2)), as opposed to a
  /// demuxer that ran out of data: FFmpeg's Matroska reader says EIO for a file cut short.
  var readerFailed: Bool { readerError != nil }

  /// The I/O error the file's reader met, if any.
  var readerError: FFmpegError? {
    guard let io = format.pointee.pb, io.pointee.error < 0, io.pointee.error != cm_averror_eof() else { return nil }
    return FFmpegError(function: "read", code: io.pointee.error)
  }

  /// Seeks `stream` to the keyframe at or before `timestamp` in the stream's time base (av_seek_frame).
  /// Seeks every stream to the last keyframe at or before `ticks` of AV_TIME_BASE.
  func seek(containerTicks ticks: Int64) throws(FFmpegError) {
    try check(av_seek_frame(format, -1, ticks, AVSEEK_FLAG_BACKWARD), "av_seek_frame")
  }

  func seek(stream: Int, to timestamp: Int64) throws(FFmpegError) {
    try check(av_seek_frame(format, Int32(stream), timestamp, AVSEEK_FLAG_BACKWARD), "av_seek_frame")
  }
}
