import Foundation
import TestSupport
import XCTest

/// Every `clipmerge` command in the shell examples of the README and docs/ and in the commands' `--help` examples runs, as
/// written, on fixtures named as the examples name them (a.mp4, b.mov, talk.mp4, music.m4a, day1/*.mp4, ...), in
/// a folder of its own per example block.
/// Renders get `--preset ultrafast` added (the README's settings otherwise); `generate-spec` is the overlay's
/// `--print-spec` and `ffplay -` a file the test probes.
final class ReadmeExamplesTests: XCTestCase {
  static let names: [String: String] = [
    "a.mp4": "base.mp4", "b.mp4": "overlay.mp4", "b.mov": "overlay.mp4", "c.webm": "tiny.webm",
    "intro.mp4": "tiny.mp4", "talk.mp4": "talk.mp4", "outro.mp4": "overlay.mp4", "music.m4a": "music.m4a",
    "day1/1.mp4": "base.mp4", "day1/2.mp4": "base.mp4", "logo.png": "logo.png", "lower-third.mov": "lower-third.mov",
    "card.png": "logo.png", "talk.srt": "talk.srt", "phone.mp4": "gop.mp4", "main.mp4": "base.mp4",
    "pip.mp4": "overlay.mp4", "c.mp4": "gop-b.mp4", "film.cube": "warm.cube", "portrait.mp4": "rotated-cw.mp4",
    "iphone.mp4": "phone.mp4", "edit.mp4": "scenes.mp4",
  ]

  static let commands = ["overlay", "concat", "compose", "probe", "scenes", "plan", "segment", "join"]

  /// The ```sh blocks of the README and of docs/*.md, each as its lines.
  static func blocks() throws -> [[String]] {
    let docs = FixtureFiles.root.appendingPathComponent("docs")
    let pages =
      [FixtureFiles.root.appendingPathComponent("README.md")]
      + (try FileManager.default.contentsOfDirectory(atPath: docs.path)).sorted().filter { $0.hasSuffix(".md") }.map {
        docs.appendingPathComponent($0)
      }
    let text = try pages.map { try String(contentsOf: $0, encoding: .utf8) }.joined(separator: "\n")
    var blocks: [[String]] = []
    var current: [String]?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if line == "```sh" {
        current = []
      } else if line == "```", let block = current {
        blocks.append(block)
        current = nil
      } else if current != nil {
        current?.append(line)
      }
    }
    return blocks
  }

  /// `line` with `--preset ultrafast` after each rendering subcommand that encodes.
  static func faster(_ line: String) -> String {
    guard !line.contains("--copy"), !line.contains("--dry-run"), !line.contains("--print-spec") else { return line }
    var result = line
    for command in ["overlay", "concat", "compose"] {
      result = result.replacingOccurrences(
        of: "clipmerge \(command) ", with: "clipmerge \(command) --preset ultrafast ")
    }
    return result
  }

  /// The example lines of a command's `--help`: the indented lines after a line `Example:` or `Examples:`.
  static func helpExamples(_ command: String) throws -> [String] {
    let help = String(decoding: try ClipmergeProcess.run([command, "--help"]).output, as: UTF8.self)
    var lines: [String] = []
    var inExamples = false
    for line in help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if line == "Example:" || line == "Examples:" {
        inExamples = true
      } else if inExamples, line.hasPrefix("  ") {
        lines.append(line.trimmingCharacters(in: .whitespaces))
      } else {
        inExamples = false
      }
    }
    return lines
  }

  func testEveryReadmeExampleRuns() throws {
    let blocks = try Self.blocks().filter { $0.contains { $0.contains("clipmerge ") } }
    XCTAssertGreaterThanOrEqual(blocks.count, 3)
    XCTAssertGreaterThanOrEqual(try run(blocks), 10)
  }

  func testEveryHelpExampleRuns() throws {
    let blocks = try Self.commands.map(Self.helpExamples).filter { !$0.isEmpty }
    XCTAssertGreaterThanOrEqual(blocks.count, 1)
    XCTAssertEqual(try run(blocks), blocks.map(\.count).reduce(0, +))
  }

  /// Runs the clipmerge lines (and a segment job's runner) of each block; returns how many ran.
  func run(_ blocks: [[String]]) throws -> Int {
    let bin = ClipmergeProcess.executable.deletingLastPathComponent().path
    var ran = 0
    for block in blocks {
      // Each block in a folder of its own, beside a `generated` link, so the example specs (titles.json) find
      // their sources where they name them (../generated/...).
      let root = FixtureFiles.temporaryFolder()
      let folder = root.appendingPathComponent("readme")
      try FileManager.default.createDirectory(
        at: folder.appendingPathComponent("day1"), withIntermediateDirectories: true)
      try FileManager.default.createSymbolicLink(
        at: root.appendingPathComponent("generated"),
        withDestinationURL: FixtureFiles.root.appendingPathComponent("Fixtures/generated"))
      try FileManager.default.createSymbolicLink(
        at: folder.appendingPathComponent("titles.json"),
        withDestinationURL: FixtureFiles.root.appendingPathComponent("Fixtures/compositions/titles.json"))
      try FileManager.default.createSymbolicLink(
        at: folder.appendingPathComponent("edit.edl"),
        withDestinationURL: FixtureFiles.root.appendingPathComponent("Fixtures/timelines/edit.edl"))
      for (name, fixture) in Self.names {
        try FileManager.default.createSymbolicLink(
          atPath: folder.appendingPathComponent(name).path, withDestinationPath: FixtureFiles.path(fixture))
      }
      let prelude = """
        set -eo pipefail
        export PATH="\(bin):$PATH"
        generate-spec() { clipmerge overlay a.mp4 b.mp4 --fade-in 1,1 --print-spec; }
        ffplay() { cat > played.media; }
        rm -f out.* all.mp4 capture.bin played.media

        """
      // The clipmerge lines, and the runners of a segment job's lines.
      for line in block where line.contains("clipmerge ") || line.hasPrefix("parallel ") || line.hasPrefix("sh job") {
        let result = try ClipmergeProcess.capture(
          URL(fileURLWithPath: "/bin/bash"), ["-c", prelude + Self.faster(line)], in: folder)
        XCTAssertEqual(result.code, 0, "\(line)\n\(result.stderr)")
        ran += 1
        if line.contains("ffplay") {
          let played = folder.appendingPathComponent("played.media").path
          XCTAssertGreaterThan((try? FileManager.default.attributesOfItem(atPath: played)[.size] as? Int) ?? 0, 10_000)
        }
      }
    }
    return ran
  }
}
