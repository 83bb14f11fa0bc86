import Foundation
import TestSupport
import XCTest

/// Variable frame rate kept, checked from outside: with no `--fps`, every picture of a variable-rate clip is
/// shown once, at its own time (ffprobe's packet times of the output are the source's), and is the source's
/// picture (the ffmpeg CLI's decode of both, turned upright, within 35 dB); `--fps` gives a constant rate;
/// `probe` says the rate varies, with the shortest and longest frame.
final class VariableFrameRateTests: FolderTestCase {
  /// The clip: 25 pictures of 100, 90 and 80 ms in 2.17 s, stored upside down. MP4 and Matroska keep
  /// every picture at its time (before: 28 frames at 12.5 fps, 5 pictures doubled, the rest shifted).
  func testEachPictureOfAVariableRateClipIsShownOnceAtItsOwnTime() throws {
    let clip = FixtureFiles.path("vfr-steps.mp4")
    let times = try Self.pictureTimes(clip)
    XCTAssertEqual(times.count, 25)
    for name in ["steps.mp4", "steps.mkv"] {
      let output = out(name)
      let result = try ClipmergeProcess.run(["concat", clip, "-o", output])
      XCTAssertEqual(result.code, 0, result.stderr)
      XCTAssertTrue(result.stderr.contains("(2.170 s, 25 frames, 0 audio samples)"), result.stderr)
      Self.assertSameTimes(try Self.pictureTimes(output), times, name)
      let made = try Self.lumaPlanes(output)
      let source = try Self.lumaPlanes(clip)
      XCTAssertEqual(made.count, 25, name)
      for n in 0..<min(made.count, source.count) {
        XCTAssertGreaterThanOrEqual(
          TurnedClipSmartTests.psnr(made[n], source[n], peak: 255), 35, "\(name): picture \(n)")
      }
    }
    let plan = try ClipmergeProcess.run(["concat", clip, "-o", out("plan.mp4"), "--dry-run"])
    XCTAssertTrue(plan.stdout.contains("at the clips' own frame times (variable frame rate)"), plan.stdout)
    XCTAssertTrue(plan.stdout.contains("variable frame rate: each picture at its own time"), plan.stdout)

    let constant = out("constant.mp4")
    let fixed = try ClipmergeProcess.run(["concat", clip, "--fps", "25", "-o", constant])
    XCTAssertEqual(fixed.code, 0, fixed.stderr)
    let steps = try Self.pictureTimes(constant)
    XCTAssertEqual(steps.count, 55)
    XCTAssertTrue(zip(steps, steps.dropFirst()).allSatisfy { abs($1 - $0 - 0.04) < 1e-6 }, "\(steps)")
  }

  /// A picture overlaid or a plain title over a variable-rate clip adds no frame (they change nothing between
  /// its pictures): still 25 frames at the clip's times.
  func testAPictureOrATitleOverItAddsNoFrame() throws {
    let clip = FixtureFiles.path("vfr-steps.mp4")
    let times = try Self.pictureTimes(clip)
    let overlaid = out("overlaid.mp4")
    let overlay = try ClipmergeProcess.run(["overlay", clip, FixtureFiles.path("logo.png"), "-o", overlaid])
    XCTAssertEqual(overlay.code, 0, overlay.stderr)
    Self.assertSameTimes(try Self.pictureTimes(overlaid), times, "overlay")
    let titled = out("titled.mp4")
    let title = try ClipmergeProcess.run(["concat", clip, "--text", "LOW LIGHT", "-o", titled])
    XCTAssertEqual(title.code, 0, title.stderr)
    Self.assertSameTimes(try Self.pictureTimes(titled), times, "title")
  }

  /// A 25 fps clip with one picture dropped: the 49 pictures at their times, the one before the gap lasting
  /// 80 ms (a constant 25 fps would show it twice).
  func testADroppedFrameIsNotFilledIn() throws {
    let clip = FixtureFiles.path("vfr-dropped.mp4")
    let output = out("dropped.mp4")
    let result = try ClipmergeProcess.run(["concat", clip, "-o", output])
    XCTAssertEqual(result.code, 0, result.stderr)
    let times = try Self.pictureTimes(output)
    XCTAssertEqual(times.count, 49)
    Self.assertSameTimes(times, try Self.pictureTimes(clip))
  }

  /// `probe` says the rate varies and how: 0.080 to 0.100 s a frame (before: "variableFrameRate": false).
  func testProbeReportsTheShortestAndLongestFrame() throws {
    let clip = FixtureFiles.path("vfr-steps.mp4")
    let text = try ClipmergeProcess.run(["probe", clip])
    XCTAssertEqual(text.code, 0, text.stderr)
    XCTAssertTrue(text.stdout.contains(", variable (0.080 to 0.100 s a frame)"), text.stdout)
    let json = try ClipmergeProcess.run(["probe", "--json", clip])
    let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let video = try XCTUnwrap((object["streams"] as? [[String: Any]])?.first)
    XCTAssertEqual(video["variableFrameRate"] as? Bool, true)
    XCTAssertEqual(video["shortestFrameDuration"] as? Double, 0.08)
    XCTAssertEqual(video["longestFrameDuration"] as? Double, 0.1)
    let steady = try ClipmergeProcess.run(["probe", "--json", FixtureFiles.path("upright-25.mp4")])
    XCTAssertTrue(steady.stdout.contains("\"variableFrameRate\" : false"), steady.stdout)
  }

  /// The same times, but for the rounding of ffprobe's six decimals in two timescales.
  static func assertSameTimes(
    _ made: [Double], _ expected: [Double], _ message: String = "", file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertEqual(made.count, expected.count, "\(message): \(made) against \(expected)", file: file, line: line)
    for (a, b) in zip(made, expected) where abs(a - b) > 2e-6 {
      XCTFail("\(message): \(made) against \(expected)", file: file, line: line)
      return
    }
  }

  /// The presentation times of `path`'s video packets by ffprobe, in seconds, in order.
  static func pictureTimes(_ path: String) throws -> [Double] {
    try ClipmergeProcess.runTool(
      "ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries", "packet=pts_time", "-of", "csv=p=0", path]
    ).split(separator: "\n").compactMap { Double($0) }.sorted()
  }

  /// Each picture's 320x240 luma as the ffmpeg CLI decodes it, turned upright, one per picture (no rate
  /// conversion).
  static func lumaPlanes(_ path: String) throws -> [[Int]] {
    let decoded = try ClipmergeProcess.capture(
      URL(fileURLWithPath: "/usr/bin/env"),
      [
        "ffmpeg", "-nostdin", "-v", "error", "-i", path, "-map", "0:v:0", "-fps_mode", "passthrough", "-f",
        "rawvideo", "-pix_fmt", "gray", "-",
      ])
    guard decoded.code == 0 else { throw CheckError("ffmpeg cannot decode \(path): \(decoded.stderr)") }
    let bytes = [UInt8](decoded.output)
    let size = 320 * 240
    return stride(from: 0, to: bytes.count - size + 1, by: size).map { start in
      (0..<size).map { Int(bytes[start + $0]) }
    }
  }
}
