import Foundation
import TestSupport
import XCTest

/// What clipmerge says about inputs that are not what they seem and requests that do nothing: warnings and
/// errors name the file and say the problem in the user's terms.
final class DiagnosticsTests: XCTestCase {
  let base = FixtureFiles.path("base.mp4")
  let overlay = FixtureFiles.path("overlay.mp4")

  func out(_ name: String = "out.mp4") -> String { FixtureFiles.temporaryFolder().appendingPathComponent(name).path }

  func testRequestsWithNoEffectAreWarnedAbout() throws {
    let hidden = try ClipmergeProcess.run(
      ["overlay", base, overlay, "--position", "400,10", "--fade-out", "6,1", "-o", out(), "--preset", "ultrafast"])
    XCTAssertEqual(hidden.code, 0, hidden.stderr)
    XCTAssertTrue(
      hidden.stderr.contains(
        "clipmerge: warning: \(overlay): it is placed wholly outside the 320x240 frame, so it will not be seen\n"),
      hidden.stderr)
    XCTAssertTrue(
      hidden.stderr.contains(
        "clipmerge: warning: \(overlay): its opacity change at 6.000 s starts after the output ends (4.000 s), "
          + "so it has no effect\n"), hidden.stderr)
    let silent = try ClipmergeProcess.run(
      [
        "concat", base, "--soundtrack", FixtureFiles.path("music.m4a"), "--soundtrack-volume", "0", "-o", out(),
        "--preset", "ultrafast",
      ])
    XCTAssertEqual(silent.code, 0, silent.stderr)
    XCTAssertTrue(
      silent.stderr.contains(
        "clipmerge: warning: \(FixtureFiles.path("music.m4a")): its volume is 0, so it will not be heard\n"),
      silent.stderr)
    // A placement in the frame draws no warning.
    let fine = try ClipmergeProcess.run(["overlay", base, overlay, "-o", out(), "--preset", "ultrafast"])
    XCTAssertFalse(fine.stderr.contains("warning"), fine.stderr)
  }

  func testCutOffRecordingIsRenderedForItsDataWithAWarning() throws {
    let cut = FixtureFiles.path("cut-off.mkv")
    let result = try ClipmergeProcess.run(["concat", cut, "-o", out(), "--preset", "ultrafast"])
    XCTAssertEqual(result.code, 0, result.stderr)
    let warning = try XCTUnwrap(result.stderr.split(separator: "\n").first.map(String.init))
    XCTAssertTrue(warning.hasPrefix("clipmerge: warning: \(cut): truncated: its data ends at "), warning)
    XCTAssertTrue(warning.contains(", not the 30.0"), warning)
    let probe = try ClipmergeProcess.run(["probe", cut])
    XCTAssertTrue(probe.stdout.contains("(truncated: the header states 30.0"), probe.stdout)
  }

  func testCopyJoinOfFilesThatLieAboutTheirLengthLeavesNoHole() throws {
    // truncated.mp4's index says 4 s, its data ends at 2.1 s; cut-off.mkv's header says 30 s, its data 3.46 s.
    for (name, data) in [("truncated.mp4", 2.1), ("cut-off.mkv", 3.46)] {
      let clip = FixtureFiles.path(name)
      let path = out()
      let result = try ClipmergeProcess.run(["concat", clip, clip, "--copy", "-o", path])
      XCTAssertEqual(result.code, 0, result.stderr)
      let warnings = result.stderr.split(separator: "\n").filter { $0.hasPrefix("clipmerge: warning: ") }
      XCTAssertEqual(warnings.count, 1, result.stderr)
      XCTAssertTrue(warnings.first?.hasPrefix("clipmerge: warning: \(clip): truncated: its data ends at ") ?? false)
      // ffprobe, not our reader: the second copy follows the first's data, so no two pictures are far apart.
      let times = try ClipmergeProcess.runTool(
        "ffprobe", ["-v", "error", "-select_streams", "v", "-show_entries", "packet=pts_time", "-of", "csv=p=0", path]
      ).split(separator: "\n").compactMap { Double($0) }.sorted()
      let gap = zip(times, times.dropFirst()).map { $1 - $0 }.max() ?? .infinity
      XCTAssertLessThan(gap, 0.1, "\(name): a hole of \(gap) s in the joined video")
      let duration = try XCTUnwrap(
        Double(
          ClipmergeProcess.runTool(
            "ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", path]
          ).trimmingCharacters(in: .whitespacesAndNewlines)))
      XCTAssertEqual(duration, 2 * data, accuracy: 0.1, name)
    }
  }

  func testBrokenSpecTextIsAnErrorNotACrash() throws {
    let folder = FixtureFiles.temporaryFolder()
    for text in [#"{"a": "\uD800\u0041"}"#, #"{"a": "\uDC00"}"#, #"{"a": "\uD800"}"#, #"{"a": "\u12"}"#] {
      let path = folder.appendingPathComponent("bad.json").path
      try Data(text.utf8).write(to: URL(fileURLWithPath: path))
      let result = try ClipmergeProcess.run(["compose", path, "-o", out()])
      XCTAssertEqual(result.code, 65, "\(text): \(result.stderr)")
      XCTAssertTrue(result.stderr.hasPrefix("clipmerge: error: \(path): not valid JSON: "), result.stderr)
    }
  }

  func testAnImageThatCannotBeDecodedIsRefusedAndNothingWritten() throws {
    let folder = FixtureFiles.temporaryFolder()
    let broken = folder.appendingPathComponent("broken.png").path
    let whole = try Data(contentsOf: URL(fileURLWithPath: FixtureFiles.path("logo.png")))
    try whole.prefix(60).write(to: URL(fileURLWithPath: broken))
    let out = folder.appendingPathComponent("out.mp4").path
    for command in [["overlay", base, broken], ["concat", broken, base]] {
      let result = try ClipmergeProcess.run(command + ["-o", out])
      XCTAssertEqual(result.code, 65, result.stderr)
      XCTAssertTrue(result.stderr.hasPrefix("clipmerge: error: \(broken): "), result.stderr)
      XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
      XCTAssertFalse(FileManager.default.fileExists(atPath: out))
    }
  }
}
