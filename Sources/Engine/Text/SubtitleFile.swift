internal import CFFmpeg
import Composition
import Foundation

/// A subtitle file's cues, read by FFmpeg's subtitle demuxers and decoders (SRT, WebVTT, ASS/SSA): each cue's
/// ASS event line and its time in milliseconds on the output's timeline, and an ASS file's own header (its
/// styles). A file that does not parse is refused naming the line.
struct SubtitleFile {
  var events: [SubtitleEvent]
  /// The script header of an ASS/SSA file (its styles), nil for SRT and WebVTT (which get clipmerge's style).
  var assHeader: String?

  /// Reads every cue of `path`.
  init(path: String) throws(EngineError) {
    try MediaProbe.checkReadable(path)
    if let problem = SubtitleCheck.problem(path: path) { throw .invalidInput(path: path, reason: problem) }
    let input: InputFile
    do {
      input = try InputFile(path: path)
    } catch {
      throw .invalidInput(path: path, reason: "not a subtitle file clipmerge can read (SRT, WebVTT, ASS)")
    }
    guard let index = input.bestStream(AVMEDIA_TYPE_SUBTITLE) else {
      throw .invalidInput(path: path, reason: "no subtitles in it (SRT, WebVTT or ASS expected)")
    }
    let stream = input.stream(index)
    let decoder: Decoder
    let packet: Packet
    do {
      decoder = try Decoder(stream: stream)
      packet = try Packet()
    } catch {
      throw .invalidInput(path: path, reason: "cannot read its subtitles (\(error))")
    }
    let id = stream.pointee.codecpar.pointee.codec_id
    assHeader = id == AV_CODEC_ID_ASS || id == AV_CODEC_ID_SSA ? decoder.subtitleHeader : nil
    let base = stream.pointee.time_base
    var events: [SubtitleEvent] = []
    while try input.nextPacket(into: packet) {
      defer { packet.unref() }
      guard Int(packet.streamIndex) == index else { continue }
      let start = Timestamp.time(packet.pointer.pointee.pts, base) ?? .zero
      let length = Timestamp.time(packet.pointer.pointee.duration, base) ?? .zero
      let cues: [(line: String, start: Int64, end: Int64)]
      do { cues = try decoder.decodeSubtitle(packet) } catch {
        throw .invalidInput(path: path, reason: "a cue at \(start.secondsText) cannot be read (\(error.message))")
      }
      let ms = MediaTime.ticks(1, rate: 1000)
      let startMs = start.count(of: ms, rounding: .toNearestOrAwayFromZero)
      let lengthMs = length.count(of: ms, rounding: .toNearestOrAwayFromZero)
      for cue in cues {
        // The text after the event's eight fields, as long as a --text title may be.
        let text = cue.line.split(separator: ",", maxSplits: 8, omittingEmptySubsequences: false).last ?? ""
        guard text.count <= AssLimits.longestCue else {
          throw .invalidInput(
            path: path,
            reason: "the cue at \(start.secondsText) has \(text.count) characters (at most \(AssLimits.longestCue), as "
              + "--text)")
        }
        let duration = cue.end > cue.start && lengthMs == 0 ? cue.end - cue.start : lengthMs
        events.append(SubtitleEvent(line: cue.line, start: startMs + cue.start, duration: max(duration, 1)))
      }
    }
    guard !events.isEmpty else { throw .invalidInput(path: path, reason: "it holds no cues") }
    self.events = events
  }
}
