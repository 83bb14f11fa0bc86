import Foundation

/// Bounds on what libass is given from a subtitle file, so a few hundred bytes cannot ask it for gigabytes (a
/// cue of `\fs5000\blur100\bord500\shad500\fscx1000\fscy1000` took 14.7 GB): sizes, borders, shadows, blurs and
/// scales in a script's styles and in its cues' override tags are brought within bounds of the script's own
/// height (PlayResY), as `--text` keeps its titles within bounds; a cue longer than `--text` allows is refused.
enum AssLimits {
  /// The most characters a cue's text may have, as a `--text` title.
  static let longestCue = 2000
  /// libass's script height when a script does not say (and FFmpeg's for SRT and WebVTT).
  static let defaultHeight = 288

  /// The largest value each override tag (or style field) may take, for a script `height` high: a glyph as
  /// tall as the frame, a border or shadow a sixteenth of it, a blur of 10, a stretch to twice the width or
  /// height, letters spaced a quarter of the frame apart.
  static func bound(_ tag: String, height: Int) -> Double? {
    let h = Double(max(height, 1))
    switch tag {
    case "fs", "Fontsize": return h
    case "bord", "xbord", "ybord", "shad", "xshad", "yshad", "Outline", "Shadow": return h / 16
    case "blur", "be": return 10
    case "fscx", "fscy", "ScaleX", "ScaleY": return 200
    case "fsp", "Spacing": return h / 4
    default: return nil
    }
  }

  /// The script height a header gives (`PlayResY:`), else libass's default.
  static func height(of header: String) -> Int {
    for line in header.split(whereSeparator: \.isNewline) where line.hasPrefix("PlayResY:") {
      if let value = Int(line.dropFirst("PlayResY:".count).trimmingCharacters(in: .whitespaces)), value > 0 {
        return value
      }
    }
    return defaultHeight
  }

  /// `header` with every style's size, outline, shadow, spacing and scales within bounds.
  static func header(_ header: String) -> String {
    let height = height(of: header)
    var fields: [String] = []
    var lines: [String] = []
    for raw in header.components(separatedBy: "\n") {
      var line = raw
      if line.hasPrefix("Format:") {
        fields = line.dropFirst("Format:".count).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      } else if line.hasPrefix("Style:"), !fields.isEmpty {
        var values = line.dropFirst("Style:".count).split(separator: ",", omittingEmptySubsequences: false).map(
          String.init)
        for (k, name) in fields.enumerated() where k < values.count {
          guard let most = bound(name, height: height),
            let value = Double(values[k].trimmingCharacters(in: .whitespaces)), abs(value) > most
          else { continue }
          values[k] = number(value < 0 ? -most : most)
        }
        line = "Style:" + values.joined(separator: ",")
      }
      lines.append(line)
    }
    return lines.joined(separator: "\n")
  }

  /// An event line with every override tag's value within bounds (inside `{...}` blocks only: the rest is text).
  static func event(_ line: String, height: Int) -> String {
    var result = ""
    var block: String?
    for character in line {
      if character == "{" && block == nil {
        block = ""
      } else if character == "}", let open = block {
        result += "{" + tags(open, height: height) + "}"
        block = nil
      } else if block != nil {
        block?.append(character)
      } else {
        result.append(character)
      }
    }
    if let open = block { result += "{" + open }
    return result
  }

  /// The override tags of one block, each numeric value within its bound.
  private static func tags(_ block: String, height: Int) -> String {
    let pattern = #"\\(xbord|ybord|xshad|yshad|bord|shad|blur|be|fscx|fscy|fsp|fs)(-?[0-9]*\.?[0-9]+)"#
    guard let expression = try? NSRegularExpression(pattern: pattern) else { return block }
    var text = block
    for match in expression.matches(in: block, range: NSRange(block.startIndex..., in: block)).reversed() {
      guard let whole = Range(match.range, in: block), let nameRange = Range(match.range(at: 1), in: block),
        let valueRange = Range(match.range(at: 2), in: block), let value = Double(block[valueRange]),
        let most = bound(String(block[nameRange]), height: height), abs(value) > most
      else { continue }
      text.replaceSubrange(whole, with: "\\" + block[nameRange] + number(value < 0 ? -most : most))
    }
    return text
  }

  private static func number(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(format: "%.2f", value)
  }
}
