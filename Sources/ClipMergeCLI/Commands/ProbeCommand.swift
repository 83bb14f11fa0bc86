import ClipMergeKit
import Foundation

/// `clipmerge probe FILE...`: what each file holds, for people or (with --json) for scripts.
struct ProbeCommand {
  static let name = "probe"

  static let specs: [OptionSpec] = [
    OptionSpec(
      "json",
      help: "JSON instead of text (camelCase keys): one object for one FILE, an array of objects for several."),
    OptionSpec("help", short: "h", help: "Show this help."),
  ]

  static var page: HelpPage {
    HelpPage(
      overview: "Describe media files: container, duration, and every stream.",
      usage: "clipmerge probe FILE... [--json]",
      arguments: [("FILE", "A media file.")],
      options: specs,
      notes: """
        Per stream: type, codec, size and upright display size (after rotation and pixel aspect), rotation in
        clockwise degrees and mirroring, nominal and average frame rate and whether it varies, pixel format,
        field order, sample rate, channels and layout, start time and duration (seconds). Files that cannot be
        read get an error line each; the exit code is the worst of them. With --json and several files the
        output is one JSON array, an object per file in order; a file that cannot be read is {"path": FILE,
        "error": MESSAGE} there.

        """)
  }

  var paths: [String]
  var json: Bool

  init(_ parsed: ParsedArguments) throws(UsageError) {
    guard !parsed.positionals.isEmpty else { throw UsageError("probe needs at least one FILE") }
    paths = parsed.positionals
    json = parsed.flags.contains("json")
  }

  func run(console: Console) throws(CommandFailure) {
    var worst: CommandFailure?
    var entries: [String] = []
    for path in paths {
      do {
        var report = try MediaProbe.report(StdinSpool.resolve(path))
        report.path = path
        if json && paths.count > 1 {
          entries.append(Self.json(report))
        } else {
          console.out(json ? Self.json(report) + "\n" : Self.text(report))
        }
      } catch {
        let failure: CommandFailure
        switch error {
        case let error as CommandFailure: failure = error
        case let error as EngineError: failure = CommandFailure(error)
        default: throw CommandFailure("\(path): \(error)", code: .software)
        }
        if paths.count == 1 { throw failure }
        console.error(failure.message, code: failure.code.rawValue)
        if worst == nil || failure.code.rawValue > (worst?.code.rawValue ?? 0) { worst = failure }
        if json { entries.append(Self.json(ProbeFailure(path: path, error: failure.message))) }
      }
    }
    if json && paths.count > 1 {
      let indented = entries.map { $0.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 } }
      console.out("[\n" + indented.map { $0.joined(separator: "\n") }.joined(separator: ",\n") + "\n]\n")
    }
    if let worst { throw CommandFailure(worst.message, code: worst.code, alreadyReported: true) }
  }

  /// A file of several that could not be probed, as its entry in the JSON array.
  struct ProbeFailure: Encodable {
    var path: String
    var error: String
  }

  /// One pretty-printed JSON object, without a final newline.
  static func json(_ value: some Encodable) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
    return String(decoding: data, as: UTF8.self)
  }

  static func text(_ report: ProbeReport) -> String {
    var line = "\(Console.escaped(report.path)): \(report.container)"
    if report.still == true { line += ", a still picture" }
    if let d = report.duration { line += ", " + seconds(d) }
    if let stated = report.statedDuration { line += " (truncated: the header states \(seconds(stated)))" }
    if let b = report.bitRate { line += ", \(b / 1000) kb/s" }
    var text = line + "\n"
    for s in report.streams {
      var parts = ["stream \(s.index): \(s.type) \(s.codec)" + (s.selected ? " (used)" : "")]
      if let w = s.width, let h = s.height {
        var size = "\(w)x\(h)"
        if let dw = s.displayWidth, let dh = s.displayHeight, dw != w || dh != h { size += " shown as \(dw)x\(dh)" }
        parts.append(size)
      }
      if let r = s.rotation, r != 0 || s.mirrored == true {
        parts.append("rotated \(r)° clockwise" + (s.mirrored == true ? ", mirrored" : ""))
      }
      if let sar = s.sampleAspectRatio, sar != "1:1" { parts.append("pixel aspect \(sar)") }
      if let fps = s.frameRate {
        var rate = "\(fps) fps"
        if let avg = s.averageFrameRate, avg != fps { rate += " (average \(avg))" }
        if s.variableFrameRate == true {
          rate += ", variable"
          if let low = s.shortestFrameDuration, let high = s.longestFrameDuration {
            rate += " (" + String(format: "%.3f", low) + " to " + String(format: "%.3f", high) + " s a frame)"
          }
        }
        parts.append(rate)
      }
      if let pf = s.pixelFormat { parts.append(pf) }
      if let fo = s.fieldOrder, fo != "progressive" { parts.append("interlaced (\(fo))") }
      if let hdr = s.hdr { parts.append("HDR (\(hdr.uppercased()))") }
      if let rate = s.sampleRate { parts.append("\(rate) Hz") }
      if let ch = s.channels { parts.append("\(ch) ch" + (s.channelLayout.map { " \($0)" } ?? "")) }
      if let start = s.startTime { parts.append("start " + seconds(start)) }
      if let d = s.duration { parts.append("duration " + seconds(d)) }
      text += "  " + parts.joined(separator: ", ") + "\n"
    }
    return text
  }

  static func seconds(_ value: Double) -> String { MediaTime.secondsText(value) }
}
