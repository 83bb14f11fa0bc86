import ClipMergeKit
import Foundation

/// `clipmerge probe FILE...`: what each file holds, for people or (with --json) for scripts.
struct ProbeCommand {
  static let name = "probe"

  static let specs: [OptionSpec] = [
    OptionSpec("json", help: "One JSON object per file (camelCase keys) instead of text."),
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
        read get an error line each; the exit code is the worst of them.

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
    for path in paths {
      do {
        var report = try MediaProbe.report(StdinSpool.resolve(path))
        report.path = path
        console.out(json ? Self.json(report) : Self.text(report))
      } catch let error as CommandFailure {
        worst = worst.map { $0.code.rawValue >= error.code.rawValue ? $0 : error } ?? error
        if paths.count == 1 { throw error }
        console.err("clipmerge: error: \(error.message)\n")
      } catch let error as EngineError {
        let failure = CommandFailure(error)
        if paths.count > 1 { console.err("clipmerge: error: \(failure.message)\n") }
        if worst == nil || failure.code.rawValue > (worst?.code.rawValue ?? 0) { worst = failure }
        if paths.count == 1 { throw failure }
      } catch {
        throw CommandFailure("\(path): \(error)", code: .software)
      }
    }
    if let worst { throw CommandFailure(worst.message, code: worst.code, alreadyReported: true) }
  }

  static func json(_ report: ProbeReport) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let data = (try? encoder.encode(report)) ?? Data("{}".utf8)
    return String(decoding: data, as: UTF8.self) + "\n"
  }

  static func text(_ report: ProbeReport) -> String {
    var line = "\(report.path): \(report.container)"
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
        if s.variableFrameRate == true { rate += ", variable" }
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
