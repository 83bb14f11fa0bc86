import Foundation
import TestSupport
import XCTest

/// A reversed trim at the rates phones and cameras use, from clips with B-frames (x264, three of them between
/// references, a keyframe every 12 pictures): every source frame of the range once, in reverse order, as the
/// ffmpeg CLI's `reverse` filter shows it. Each frame of both outputs is matched to a source frame by least
/// squares on the ffmpeg CLI's decode.
final class ReverseRateTests: XCTestCase {
  let folder = FixtureFiles.temporaryFolder()

  /// 2.2 s of testsrc2 (every frame differs) at `rate`, with B-frames.
  func source(_ rate: String) throws -> String {
    let path = folder.appendingPathComponent("src-\(rate.replacingOccurrences(of: "/", with: "_")).mp4").path
    _ = try ClipmergeProcess.runTool(
      "ffmpeg",
      [
        "-nostdin", "-v", "error", "-f", "lavfi", "-i", "testsrc2=s=160x120:r=\(rate):d=2.2", "-c:v", "libx264",
        "-g", "12", "-bf", "3", "-preset", "fast", path,
      ])
    return path
  }

  /// Which source frame each frame of `path` shows.
  func frameMap(_ path: String, of source: ExternalFrames) throws -> [Int] {
    try ExternalFrames(path).thumbnails.map { FrameCheck.match($0, expected: 0, in: source).best }
  }

  /// The range [1 s, 2 s) of `path` played at `speed` (negative) by clipmerge, and by the ffmpeg CLI (trim,
  /// reverse, timestamps scaled, resampled to the source's rate), as frame maps.
  func maps(_ path: String, rate: String, speed: String) throws -> (ours: [Int], ffmpeg: [Int]) {
    let frames = try ExternalFrames(path)
    let ours = folder.appendingPathComponent("ours-\(UUID().uuidString.prefix(6)).mp4").path
    let result = try InProcessClipMerge.run(
      ["concat", "\(path)#t=1,2&speed=\(speed)", "-o", ours, "--preset", "ultrafast", "--crf", "10", "-q"])
    XCTAssertEqual(result.code, 0, result.stderr)
    let theirs = folder.appendingPathComponent("ffmpeg-\(UUID().uuidString.prefix(6)).mp4").path
    let stretch = 1 / abs(Double(speed) ?? 1)
    _ = try ClipmergeProcess.runTool(
      "ffmpeg",
      [
        "-nostdin", "-v", "error", "-i", path, "-vf",
        "trim=start=1:end=2,setpts=PTS-STARTPTS,reverse,setpts=\(stretch)*PTS,fps=\(rate)", "-c:v", "libx264",
        "-preset", "ultrafast", "-crf", "10", theirs,
      ])
    return (try frameMap(ours, of: frames), try frameMap(theirs, of: frames))
  }

  func testAReversedTrimShowsEverySourceFrameOnceAtEveryRate() throws {
    for (rate, first, last) in [("24", 24, 47), ("25", 25, 49), ("30000/1001", 30, 59), ("30", 30, 59)] {
      let (ours, ffmpeg) = try maps(try source(rate), rate: rate, speed: "-1")
      XCTAssertEqual(ours, Array((first...last).reversed()), "\(rate) fps")
      XCTAssertEqual(ours, ffmpeg, "\(rate) fps")
    }
  }

  func testSlowAndFastReverseAsTheFFmpegCLIShowsThem() throws {
    let path = try source("25")
    let (slow, slowly) = try maps(path, rate: "25", speed: "-0.5")
    XCTAssertEqual(slow, (0..<50).map { 49 - $0 / 2 }, "each frame twice")
    XCTAssertEqual(slow, slowly)
    let (fast, quickly) = try maps(path, rate: "25", speed: "-2")
    XCTAssertEqual(fast, (0..<13).map { 49 - 2 * $0 }, "every other frame")
    XCTAssertEqual(fast, quickly)
  }
}
