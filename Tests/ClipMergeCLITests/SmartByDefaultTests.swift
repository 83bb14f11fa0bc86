import Foundation
import TestSupport
import XCTest

/// A concat of trimmed clips is smart without `--smart` when its plan copies at least half the frames and the
/// command names no video encoding: the copied pictures are the source's bit for bit (the ffmpeg CLI's
/// framemd5), the rest close to it, and the note and `--report` say what was copied. `--no-smart`, a named
/// encoding or `--strict` render every frame.
final class SmartByDefaultTests: XCTestCase {
  private var folder: URL!

  override func setUp() {
    folder = FixtureFiles.temporaryFolder()
  }

  override func tearDown() {
    try? FileManager.default.removeItem(at: folder)
  }

  private func out(_ name: String) -> String { folder.appendingPathComponent(name).path }

  /// gop.mp4 has a keyframe every 2 s: of `#t=1,9` and `#t=2.5,7`, the groups [2, 8) and [4, 6) are copied,
  /// 240 of 375 frames (64 %).
  func testTrimmedClipsAreSmartWithoutBeingAsked() throws {
    let gop = FixtureFiles.path("gop.mp4")
    let output = out("joined.mp4")
    let report = out("report.json")
    let result = try ClipmergeProcess.run(
      ["concat", gop + "#t=1,9", gop + "#t=2.5,7", "-o", output, "--report", report])
    XCTAssertEqual(result.code, 0, result.stderr)
    XCTAssertTrue(
      result.stderr.contains(
        "clipmerge: note: smart render: 240 of 375 frames copied (64 %), the rest re-encoded (crf "),
      result.stderr)
    XCTAssertTrue(result.stderr.contains("; --no-smart renders every frame"), result.stderr)
    let made = try PictureDigests.of(output)
    let source = try PictureDigests.of(gop)
    XCTAssertEqual(made.count, 375)
    // Output [1 s, 7 s) is source [2 s, 8 s); output [9.5 s, 11.5 s) is source [4 s, 6 s).
    for k in 30..<210 { XCTAssertEqual(made[k], source[k + 30], "picture \(k) was copied") }
    for k in 285..<345 { XCTAssertEqual(made[k], source[k - 165], "picture \(k) was copied") }
    let json = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report))) as? [String: Any])
    XCTAssertEqual(json["method"] as? String, "smart")
    XCTAssertEqual(json["reason"] as? String, "the plan copies 64 % of the frames, at least 50 %")
    let smart = try XCTUnwrap(json["smart"] as? [String: Any], "the report says what was copied")
    XCTAssertEqual(smart["copiedFrames"] as? Int, 240)
    XCTAssertEqual(smart["frames"] as? Int, 375)
    let runs = try XCTUnwrap(smart["runs"] as? [[String: Any]])
    XCTAssertEqual(runs.map { $0["copied"] as? Bool }, [false, true, false, true, false])
    XCTAssertEqual(runs[1]["startRational"] as? String, "1/1")
    XCTAssertEqual(runs[1]["endRational"] as? String, "7/1")
    XCTAssertEqual(runs[1]["source"] as? String, gop)
  }

  /// `--no-smart`, a named encoding (`--crf`) and `--strict` render every frame: no picture is the source's,
  /// and the report has no smart part. With `--crf` or `--strict` a note says what `--smart` would copy; with
  /// `--no-smart` none does.
  func testNoSmartANamedEncodingAndStrictRenderEveryFrame() throws {
    let gop = FixtureFiles.path("gop.mp4")
    let source = try PictureDigests.of(gop)
    for extra in [["--no-smart"], ["--crf", "20"], ["--strict"]] {
      let output = out("full.mp4")
      let report = out("full.json")
      let result = try ClipmergeProcess.run(
        ["concat", gop + "#t=1,9", "-o", output, "-y", "--report", report] + extra)
      XCTAssertEqual(result.code, 0, "\(extra): \(result.stderr)")
      XCTAssertFalse(result.stderr.contains("smart render:"), "\(extra): \(result.stderr)")
      XCTAssertEqual(
        result.stderr.contains("--smart would copy 75 %"), extra != ["--no-smart"], "\(extra): \(result.stderr)")
      let made = try PictureDigests.of(output)
      XCTAssertEqual(made.count, 240)
      XCTAssertFalse(made.indices.contains { made[$0] == source[$0 + 30] }, "\(extra): every picture encoded again")
      let json = try XCTUnwrap(
        JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report))) as? [String: Any])
      XCTAssertNil(json["smart"], "\(extra)")
    }
  }

  /// Below half copied there is no smart render unless asked: `#t=1,5.9` would copy one group, 60 of 147 frames
  /// (41 %), so it is rendered whole (and `--smart` would copy those); `--smart --no-smart` is a usage error.
  func testLittleToCopyRendersWholeAndContradictionsAreRefused() throws {
    let gop = FixtureFiles.path("gop.mp4")
    let plan = try ClipmergeProcess.run(["concat", gop + "#t=1,5.9", "--dry-run"])
    XCTAssertEqual(plan.code, 0, plan.stderr)
    XCTAssertFalse(plan.stdout.contains("smart:"), plan.stdout)
    let asked = try ClipmergeProcess.run(["concat", gop + "#t=1,5.9", "--dry-run", "--smart"])
    XCTAssertTrue(asked.stdout.contains("smart: 60 of 147 frames copied (41 %)"), asked.stdout)
    let both = try ClipmergeProcess.run(["concat", gop + "#t=1,9", "--smart", "--no-smart", "-o", out("x.mp4")])
    XCTAssertEqual(both.code, 64, both.stderr)
    XCTAssertEqual(both.stderr, "clipmerge: error: --smart and --no-smart ask for opposite things; give one\n")
    XCTAssertFalse(FileManager.default.fileExists(atPath: out("x.mp4")))
  }

  /// What else renders whole unless asked: clips `--copy` can join (with `-q` as without: the quiet flag only
  /// silences the note), a file whose parameter sets already use the id x264 numbers its own with (an explicit
  /// `--smart` says so and renders whole), and standard output.
  func testCopyJoinableClipsACollidingFileAndStandardOutputRenderWhole() throws {
    let gop = FixtureFiles.path("gop.mp4")
    let report = out("report.json")
    func smartPart() throws -> Any? {
      let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report)))
      return (json as? [String: Any])?["smart"]
    }
    for quiet in [[], ["-q"]] {
      let result = try ClipmergeProcess.run(
        ["concat", gop, gop, "-o", out("twice.mp4"), "-y", "--report", report] + quiet)
      XCTAssertEqual(result.code, 0, result.stderr)
      XCTAssertNil(try smartPart(), "\(quiet): copy-joinable clips are rendered whole")
    }
    // x264 numbering its parameter sets 1, as a smart render's own encoder does.
    let colliding = out("sps-id-1.mp4")
    _ = try ClipmergeProcess.runTool(
      "ffmpeg",
      [
        "-nostdin", "-v", "error", "-f", "lavfi", "-i", "testsrc2=s=320x240:r=30:d=6", "-c:v", "libx264", "-preset",
        "ultrafast", "-g", "60", "-x264-params", "sps-id=1", "-pix_fmt", "yuv420p", colliding,
      ])
    let unasked = try ClipmergeProcess.run(
      ["concat", colliding + "#t=1,5.5", "-o", out("a.mp4"), "-y", "--report", report])
    XCTAssertEqual(unasked.code, 0, unasked.stderr)
    XCTAssertNil(try smartPart())
    let asked = try ClipmergeProcess.run(["concat", colliding + "#t=1,5.5", "-o", out("b.mp4"), "--smart"])
    XCTAssertEqual(asked.code, 0, asked.stderr)
    XCTAssertTrue(
      asked.stderr.contains("parameter sets already use id 1, the one x264 numbers its own with"), asked.stderr)
    let streamed = try ClipmergeProcess.run(
      ["concat", gop + "#t=1,9", "-o", "-", "--format", "mp4", "-y", "--report", report])
    XCTAssertEqual(streamed.code, 0, streamed.stderr)
    XCTAssertGreaterThan(streamed.output.count, 0)
    XCTAssertNil(try smartPart(), "standard output is rendered whole")
  }

  /// `--dry-run` prints the one plan's method and why, first: the same decision the render and `--report` take,
  /// for a join that is smart unasked, one whose encoding is named, clips `--copy` can join, one turned off, a
  /// GIF and an overlay.
  func testTheDryRunSaysTheMethodAndWhy() throws {
    let gop = FixtureFiles.path("gop.mp4")
    let base = FixtureFiles.path("base.mp4")
    let cases: [([String], String)] = [
      (
        ["concat", gop + "#t=1,9", gop + "#t=2.5,7"],
        "method: smart (the plan copies 64 % of the frames, at least 50 %)"
      ),
      (
        ["concat", gop + "#t=1,9", gop + "#t=2.5,7", "--crf", "20"],
        "method: full (the video encoding is named; a smart render would copy 64 % of the frames with --smart)"
      ),
      (["concat", gop + "#t=1,9", gop + "#t=2.5,7", "--no-smart"], "method: full (--no-smart)"),
      (["concat", base, base], "method: full (--copy can join these clips as they are)"),
      (["concat", gop + "#t=1,9", "-o", out("small.gif")], "method: gif (an animated GIF)"),
      (
        ["overlay", base, FixtureFiles.path("overlay.mp4")],
        "method: full (not a join or trim of clips; --smart asks for a smart render)"
      ),
    ]
    for (arguments, line) in cases {
      let plan = try InProcessClipMerge.run(arguments + ["--dry-run"])
      XCTAssertEqual(plan.code, 0, plan.stderr)
      XCTAssertTrue(plan.stdout.contains(line + "\n"), "\(arguments): \(plan.stdout)")
      XCTAssertFalse(plan.stderr.contains("note:"), "\(arguments): a dry run prints no note: \(plan.stderr)")
    }
    // The plan's runs follow its method line.
    let smart = try InProcessClipMerge.run(["concat", gop + "#t=1,9", gop + "#t=2.5,7", "--dry-run", "--smart"])
    XCTAssertTrue(
      smart.stdout.contains(
        "method: smart (--smart)\nsmart: 240 of 375 frames copied (64 %), the rest re-encoded (crf "),
      smart.stdout)
  }
}
