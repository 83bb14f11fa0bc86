import Engine
import Foundation
import TestSupport
import XCTest

/// One grammar for every command: trims on every input, a silent output from every rendering command, a
/// transition without a duration, a way to name a file whose name contains `#t=`.
final class CommandGrammarTests: XCTestCase {
  let folder = FixtureFiles.temporaryFolder()

  /// The spec a command line prints, as JSON.
  func spec(_ arguments: [String]) throws -> [String: Any] {
    let printed = try InProcessClipMerge.run(arguments + ["--print-spec"])
    XCTAssertEqual(printed.code, 0, printed.stderr)
    return try XCTUnwrap(try JSONSerialization.jsonObject(with: printed.output) as? [String: Any])
  }

  func sourceRanges(_ spec: [String: Any]) throws -> [String] {
    let tracks = try XCTUnwrap(spec["tracks"] as? [[String: Any]])
    return tracks.compactMap { track in
      guard let segment = (track["segments"] as? [[String: Any]])?.first,
        let range = segment["sourceRange"] as? [String: Any]
      else { return nil }
      return "\(track["kind"] ?? ""): \(range["start"] ?? "")+\(range["duration"] ?? "")"
    }
  }

  func testOverlayTakesTrimmedInputs() throws {
    let printed = try spec([
      "overlay", FixtureFiles.path("base.mp4") + "#t=1,3", FixtureFiles.path("overlay.mp4") + "#t=0.5,1.5",
    ])
    XCTAssertEqual(
      try sourceRanges(printed), ["video: 1+2", "video: 0.5+1", "audio: 1+2", "audio: 0.5+1"])
    let out = folder.appendingPathComponent("trimmed.mp4").path
    let made = try InProcessClipMerge.run([
      "overlay", FixtureFiles.path("gop.mp4") + "#t=2,4", FixtureFiles.path("overlay.mp4"), "--preset", "ultrafast",
      "-o", out, "-q",
    ])
    XCTAssertEqual(made.code, 0, made.stderr)
    XCTAssertEqual(try PictureGrabber.frameTimes(path: out).count, 90, "the longer input: overlay.mp4's 3 s")
    let bad = try InProcessClipMerge.run(["overlay", FixtureFiles.path("base.mp4") + "#t=3,1", "x.mp4", "-o", out])
    XCTAssertEqual(bad.code, 64)
    XCTAssertTrue(bad.stderr.contains("expected FILE or FILE#t=START,END with START before END"), bad.stderr)
  }

  func testEveryRenderingCommandCanBeSilent() throws {
    for command in [
      ["overlay", FixtureFiles.path("base.mp4"), FixtureFiles.path("overlay.mp4")],
      ["concat", FixtureFiles.path("base.mp4"), FixtureFiles.path("overlay.mp4")],
      ["concat", FixtureFiles.path("base.mp4"), "--soundtrack", FixtureFiles.path("music.m4a")],
    ] {
      let printed = try spec(command + ["--audio", "none"])
      XCTAssertFalse(try sourceRanges(printed).contains { $0.hasPrefix("audio") }, "\(command)")
    }
    let out = folder.appendingPathComponent("silent.mp4").path
    let made = try InProcessClipMerge.run([
      "concat", FixtureFiles.path("base.mp4"), "--audio", "none", "--preset", "ultrafast", "-o", out, "-q",
    ])
    XCTAssertEqual(made.code, 0, made.stderr)
    XCTAssertEqual(try PacketList(path: out).kinds, ["video"])
  }

  func testATransitionWithoutADurationLastsHalfASecond() throws {
    let plan = try InProcessClipMerge.run([
      "concat", FixtureFiles.path("base.mp4"), FixtureFiles.path("overlay.mp4"), "--transition", "crossfade",
      "--dry-run",
    ])
    XCTAssertEqual(plan.code, 0, plan.stderr)
    // 4 s + 3 s, overlapping by 0.5 s.
    XCTAssertTrue(String(decoding: plan.output, as: UTF8.self).contains("195 frames, 6.500 s"))
    let bad = try InProcessClipMerge.run([
      "concat", FixtureFiles.path("base.mp4"), "--transition", "dissolve", "--dry-run",
    ])
    XCTAssertEqual(bad.code, 64)
    XCTAssertEqual(
      bad.stderr,
      "clipmerge: error: --transition: expected crossfade, fade-black, fade-white, slide-DIR, push-DIR, wipe-DIR (DIR: left, right, up, down), zoom-in, circle-open or circle-close, with ,SECONDS or not (wipes and circles: then ,EDGE pixels of soft edge), got 'dissolve'\n"
    )
  }

  func testANameThatContainsAFragmentIsGivenWholeAfterFile() throws {
    let odd = folder.appendingPathComponent("take#t=1.mp4").path
    try FileManager.default.copyItem(atPath: FixtureFiles.path("base.mp4"), toPath: odd)
    let plain = try InProcessClipMerge.run(["concat", odd, "--dry-run"])
    XCTAssertEqual(plain.code, 64, "read as take with a trim from '1.mp4'")
    let whole = try InProcessClipMerge.run(["concat", "file:" + odd, "--dry-run"])
    XCTAssertEqual(whole.code, 0, whole.stderr)
    XCTAssertTrue(String(decoding: whole.output, as: UTF8.self).contains("4.000 s"))
    let overlay = try InProcessClipMerge.run(["overlay", "file:" + odd, FixtureFiles.path("overlay.mp4"), "--dry-run"])
    XCTAssertEqual(overlay.code, 0, overlay.stderr)
  }

  func testTheSameMistakeGetsTheSameWordsOnTheCommandLineAndInASpec() throws {
    let base = FixtureFiles.path("base.mp4")
    // (option, bad value, the spec with the same value, its JSON path)
    let cases: [(String, String, String, String)] = [
      ("--size", "641x480", #""renderSize": "641x480", "frameRate": 30"#, "video.renderSize"),
      ("--fps", "0", #""renderSize": "320x240", "frameRate": 0"#, "video.frameRate"),
      (
        "--background", "mauvish", #""renderSize": "320x240", "frameRate": 30, "background": "mauvish""#,
        "video.background"
      ),
    ]
    for (option, bad, video, path) in cases {
      let cli = try InProcessClipMerge.run(["concat", base, option, bad, "--dry-run"])
      XCTAssertEqual(cli.code, 64, option)
      let spec = FixtureFiles.temporaryFolder().appendingPathComponent("bad.json")
      try Data(
        """
        {"tracks": [{"id": 1, "kind": "video", "segments": [{"source": "\(base)", "sourceRange": {"start": 0, "duration": 1}, "start": 0}]}],
         "video": {\(video), "instructions": [{"timeRange": {"start": 0, "duration": 1}, "layers": [{"track": 1}]}]}}
        """.utf8
      ).write(to: spec)
      let composed = try InProcessClipMerge.run(["compose", spec.path, "--dry-run"])
      XCTAssertEqual(composed.code, 65, option)
      let words = try XCTUnwrap(cli.stderr.components(separatedBy: "\(option.dropFirst(2)): ").last)
      XCTAssertTrue(
        composed.stderr.contains("\(path): " + words), "\(option): \(cli.stderr) against \(composed.stderr)")
    }
    // Text styles: the command line's --text-* and a spec's style keys.
    for (option, key, bad) in [("--text-position", "position", "middle"), ("--text-size", "size", "huge")] {
      let cli = try InProcessClipMerge.run(["overlay", base, "--text", "A", option, bad, "--dry-run"])
      XCTAssertEqual(cli.code, 64, option)
      let spec = FixtureFiles.temporaryFolder().appendingPathComponent("text.json")
      try Data(
        """
        {"tracks": [{"id": 1, "kind": "video", "segments": [{"source": {"text": "A", "style": {"\(key)": "\(bad)"}}, "sourceRange": {"start": 0, "duration": 1}, "start": 0}]}],
         "video": {"renderSize": "320x240", "frameRate": 30, "instructions": [{"timeRange": {"start": 0, "duration": 1}, "layers": [{"track": 1}]}]}}
        """.utf8
      ).write(to: spec)
      let composed = try InProcessClipMerge.run(["compose", spec.path, "--dry-run"])
      XCTAssertEqual(composed.code, 65, option)
      let words = try XCTUnwrap(cli.stderr.components(separatedBy: "\(option.dropFirst(2)): ").last)
      XCTAssertTrue(
        composed.stderr.contains(".style.\(key): " + words), "\(option): \(cli.stderr) against \(composed.stderr)")
    }
    let color = try InProcessClipMerge.run(["overlay", base, "--text", "A", "--text-color", "nope", "--dry-run"])
    XCTAssertEqual(
      color.stderr,
      "clipmerge: error: --text-color: expected a colour (#RRGGBB or a name) with an opacity if wanted (white@0.8), "
        + "got 'nope'\n")
  }
}
