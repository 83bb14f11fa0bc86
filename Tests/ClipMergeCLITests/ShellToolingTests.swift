import Foundation
import TestSupport
import XCTest

/// What a shell user gets around the commands: completions for bash, zsh and fish, the man page, and a JSON
/// report of a finished render.
final class ShellToolingTests: XCTestCase {
  let folder = FixtureFiles.temporaryFolder()

  func shell(_ program: String, _ script: String) throws -> ClipmergeProcess.Result {
    let bin = ClipmergeProcess.executable.deletingLastPathComponent().path
    return try ClipmergeProcess.capture(
      URL(fileURLWithPath: "/usr/bin/env"), [program, "-c", "export PATH='\(bin)':\"$PATH\"; \(script)"], in: folder)
  }

  func testBashCompletesCommandsOptionsAndValues() throws {
    let defined = try shell("bash", "source <(clipmerge completions bash); complete -p clipmerge")
    XCTAssertEqual(defined.code, 0, defined.stderr)
    XCTAssertTrue(String(decoding: defined.output, as: UTF8.self).contains("-F _clipmerge clipmerge"))
    func complete(_ words: [String]) throws -> [String] {
      let list = words.map { "'\($0)'" }.joined(separator: " ")
      let result = try shell(
        "bash",
        "source <(clipmerge completions bash); COMP_WORDS=(\(list)); COMP_CWORD=\(words.count - 1); _clipmerge; "
          + "printf '%s\\n' \"${COMPREPLY[@]}\"")
      XCTAssertEqual(result.code, 0, result.stderr)
      return String(decoding: result.output, as: UTF8.self).split(separator: "\n").map(String.init)
    }
    XCTAssertEqual(try complete(["clipmerge", "con"]), ["concat"])
    XCTAssertEqual(try complete(["clipmerge", "overlay", "--fade-"]), ["--fade-in", "--fade-out"])
    XCTAssertEqual(try complete(["clipmerge", "concat", "--fit", ""]), ["contain", "cover", "stretch", "blur"])
    XCTAssertEqual(try complete(["clipmerge", "overlay", "--preset", "very"]), ["veryfast", "veryslow"])
    XCTAssertEqual(try complete(["clipmerge", "completions", "f"]), ["fish"])
    try Data().write(to: folder.appendingPathComponent("clip-one.mp4"))
    XCTAssertEqual(try complete(["clipmerge", "probe", "clip-"]), ["clip-one.mp4"])
  }

  func testZshAndFishScriptsParse() throws {
    let zsh = try shell("zsh", "clipmerge completions zsh > c.zsh && zsh -n c.zsh")
    XCTAssertEqual(zsh.code, 0, zsh.stderr)
    let fish = try shell("fish", "clipmerge completions fish | source; complete -C 'clipmerge con'")
    XCTAssertEqual(fish.code, 0, fish.stderr)
    XCTAssertTrue(String(decoding: fish.output, as: UTF8.self).hasPrefix("concat\t"), fish.stderr)
  }

  func testTheManPageRendersWithoutWarnings() throws {
    let page = try ClipmergeProcess.run(["man-page"])
    XCTAssertEqual(page.code, 0)
    let text = String(decoding: page.output, as: UTF8.self)
    for command in ["overlay", "concat", "compose", "probe", "frame", "plan", "segment", "join", "completions"] {
      XCTAssertTrue(text.contains(".SS \(command)\n"), command)
    }
    try page.output.write(to: folder.appendingPathComponent("clipmerge.1"))
    let groff = try shell("sh", "groff -ww -man -Tutf8 clipmerge.1 > rendered.txt")
    XCTAssertEqual(groff.code, 0)
    XCTAssertEqual(groff.stderr, "", "groff warnings")
    let man = try shell("sh", "MANWIDTH=100 man -l clipmerge.1 2>&1 | col -b")
    XCTAssertEqual(man.code, 0)
    let shown = String(decoding: man.output, as: UTF8.self)
    XCTAssertTrue(shown.contains("--contact-sheet CxR"), shown)
    XCTAssertTrue(shown.contains("EXIT STATUS"), shown)
  }

  func testAReportDescribesTheFinishedRender() throws {
    let out = folder.appendingPathComponent("out.mp4").path
    let run = try ClipmergeProcess.run([
      "concat", FixtureFiles.path("base.mp4"), "--preset", "ultrafast", "-o", out, "-q", "--report", "json",
    ])
    XCTAssertEqual(run.code, 0, run.stderr)
    let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: run.output) as? [String: Any])
    XCTAssertEqual(report["path"] as? String, out)
    XCTAssertEqual(report["container"] as? String, "mp4")
    XCTAssertEqual(report["durationRational"] as? String, "4/1")
    XCTAssertEqual(report["frames"] as? Int, 120)
    let size = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: out)[.size] as? Int)
    XCTAssertEqual(report["sizeBytes"] as? Int, size)
    XCTAssertEqual(report["bitRate"] as? Int, size * 8 / 4)
    let streams = try XCTUnwrap(report["streams"] as? [[String: Any]])
    XCTAssertEqual(streams.map { $0["type"] as? String }, ["video", "audio"])
    XCTAssertEqual(streams.first?["width"] as? Int, 320)
    XCTAssertGreaterThan(report["cpuSeconds"] as? Double ?? 0, 0)
    XCTAssertGreaterThan(report["wallSeconds"] as? Double ?? 0, 0)
    // Into a file, with the media on standard output; never both on standard output.
    let piped = try ClipmergeProcess.run([
      "concat", FixtureFiles.path("base.mp4"), "--preset", "ultrafast", "-o", "-", "-q", "--report",
      folder.appendingPathComponent("report.json").path,
    ])
    XCTAssertEqual(piped.code, 0, piped.stderr)
    let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("report.json")))
    XCTAssertEqual((saved as? [String: Any])?["frames"] as? Int, 120)
    let both = try ClipmergeProcess.run(["concat", FixtureFiles.path("base.mp4"), "-o", "-", "--report", "json"])
    XCTAssertEqual(both.code, 64)
  }
}
