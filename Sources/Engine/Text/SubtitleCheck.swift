import Foundation

/// Reads SRT and WebVTT files line by line before FFmpeg does, to name the line of a cue whose times do not
/// parse: FFmpeg's demuxers skip such a cue without a word, and the user would never see it.
enum SubtitleCheck {
  /// The largest SRT or WebVTT file read: 64 MB of text, hours of cues.
  static let largestFile = 64 << 20

  /// One sentence naming the first line that is wrong, or nil (also for formats this does not check).
  static func problem(path: String) -> String? {
    let lower = path.lowercased()
    let isSRT = lower.hasSuffix(".srt")
    let isVTT = lower.hasSuffix(".vtt")
    guard isSRT || isVTT else { return nil }
    guard let bytes = SmallFile.read(path, limit: Self.largestFile) else {
      return "cannot be read, or larger than \(Self.largestFile >> 20) MB (a subtitle file is text)"
    }
    let data = Data(bytes)
    guard let text = String(data: data, encoding: .utf8) ?? String(data: data, encoding: .isoLatin1) else {
      return "not text"
    }
    let lines = text.replacingOccurrences(of: "\r\n", with: "\n").split(
      separator: "\n", omittingEmptySubsequences: false)
    if isVTT, !(lines.first.map { $0.hasPrefix("WEBVTT") || $0.hasPrefix("\u{FEFF}WEBVTT") } ?? false) {
      return "line 1: a WebVTT file starts with WEBVTT"
    }
    var cues = 0
    var expectTimes = false
    for (offset, raw) in lines.enumerated() {
      let line = raw.trimmingCharacters(in: .whitespaces)
      let number = offset + 1
      if line.contains("-->") {
        guard let (start, end) = times(line), start <= end else {
          return "line \(number): expected a cue's times such as "
            + (isSRT ? "00:00:01,000 --> 00:00:03,500" : "00:01.000 --> 00:03.500")
        }
        cues += 1
        expectTimes = false
      } else if expectTimes {
        return "line \(number): expected the times of cue \(lines[offset - 1]), such as 00:00:01,000 --> 00:00:03,500"
      } else if isSRT, !line.isEmpty, line.allSatisfy(\.isNumber),
        offset == 0 || lines[offset - 1].trimmingCharacters(in: .whitespaces).isEmpty
      {
        expectTimes = true
      }
    }
    return cues == 0 ? "no cues in it (no line with -->)" : nil
  }

  /// The start and end of a timing line in milliseconds, or nil.
  static func times(_ line: String) -> (Int, Int)? {
    let parts = line.components(separatedBy: "-->")
    guard parts.count == 2, let start = milliseconds(parts[0]),
      let end = milliseconds(
        parts[1].split(separator: " ", omittingEmptySubsequences: true).first.map(String.init) ?? "")
    else { return nil }
    return (start, end)
  }

  /// `[hh:]mm:ss[,.]mmm` in milliseconds.
  static func milliseconds(_ text: String) -> Int? {
    let trimmed = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ".")
    let fields = trimmed.split(separator: ":", omittingEmptySubsequences: false)
    guard (2...3).contains(fields.count) else { return nil }
    let secondParts = fields.last!.split(separator: ".", omittingEmptySubsequences: false)
    guard secondParts.count == 2, secondParts[1].count == 3, let ms = Int(secondParts[1]),
      let seconds = Int(secondParts[0]), seconds < 60, secondParts[0].count == 2
    else { return nil }
    var minutes = 0
    var hours = 0
    if fields.count == 3 {
      guard let h = Int(fields[0]), let m = Int(fields[1]), m < 60 else { return nil }
      (hours, minutes) = (h, m)
    } else {
      guard let m = Int(fields[0]), m < 60 else { return nil }
      minutes = m
    }
    guard hours >= 0, hours < 1000 else { return nil }
    return ((hours * 60 + minutes) * 60 + seconds) * 1000 + ms
  }
}
