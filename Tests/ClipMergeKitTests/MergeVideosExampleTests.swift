import Foundation
import TestSupport
import XCTest

/// Examples/MergeVideos, the "merge videos" tutorial on ClipMergeKit, copied out of the checkout as a user's own
/// package would be, built and run, its output checked with the ffmpeg CLI: the two clips in turn, each upright and
/// fitted to the frame, the audio under both; standard error empty.
final class MergeVideosExampleTests: XCTestCase {
  /// `file`'s picture at `time` through the ffmpeg CLI's `filter` (ending in a scale), as RGB bytes.
  private func thumbnail(_ file: String, at time: Double, _ filter: String) throws -> [UInt8] {
    let picture = FixtureFiles.temporaryFolder().appendingPathComponent("t.rgb").path
    _ = try ClipmergeProcess.runTool(
      "ffmpeg",
      [
        "-nostdin", "-v", "error", "-ss", String(time), "-i", file, "-frames:v", "1", "-vf", filter, "-pix_fmt",
        "rgb24",
        "-f", "rawvideo", picture,
      ])
    return [UInt8](try Data(contentsOf: URL(fileURLWithPath: picture)))
  }

  private func meanDifference(_ a: [UInt8], _ b: [UInt8]) -> Double {
    XCTAssertEqual(a.count, b.count)
    guard a.count == b.count, !a.isEmpty else { return .infinity }
    return Double(zip(a, b).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }) / Double(a.count)
  }

  func testTheTutorialsMergeRuns() throws {
    let (first, second, music) = (
      FixtureFiles.path("rotated-cw.mp4"), FixtureFiles.path("base.mp4"), FixtureFiles.path("music.m4a")
    )
    let out = FixtureFiles.temporaryFolder().appendingPathComponent("merged.mov").path
    // A package of the user's own outside the checkout, in a folder not named clipmerge, that adds the library by
    // the README's line (the checkout's absolute path).
    let package = FixtureFiles.temporaryFolder().appendingPathComponent("my-merge-app")
    try FileManager.default.copyItem(
      at: FixtureFiles.root.appendingPathComponent("Examples/MergeVideos"), to: package)
    try? FileManager.default.removeItem(at: package.appendingPathComponent(".build"))
    let manifest = package.appendingPathComponent("Package.swift")
    let text = try String(contentsOf: manifest, encoding: .utf8)
    XCTAssertTrue(text.contains(#".package(name: "clipmerge", path: "../..")"#), text)
    try text.replacingOccurrences(of: #"path: "../..""#, with: "path: \"\(FixtureFiles.root.path)\"")
      .write(to: manifest, atomically: true, encoding: .utf8)
    let built = try ClipmergeProcess.capture(
      URL(fileURLWithPath: "/usr/bin/env"), ["swift", "build", "--package-path", package.path])
    XCTAssertEqual(built.code, 0, built.stdout + built.stderr)
    XCTAssertFalse((built.stdout + built.stderr).contains("warning:"), built.stdout + built.stderr)
    let run = try ClipmergeProcess.capture(
      package.appendingPathComponent(".build/debug/merge-videos"), [first, second, music, out])
    XCTAssertEqual(run.code, 0, run.stderr)
    // A library is quiet: nothing of FFmpeg's or x264's on standard error.
    XCTAssertEqual(run.stderr, "")
    XCTAssertTrue(run.stdout.hasSuffix("merged \(out): 6.000 s, 180 frames\n"), run.stdout)
    let streams = try ClipmergeProcess.runTool(
      "ffprobe",
      ["-v", "error", "-show_entries", "stream=codec_type,width,height:format=duration", "-of", "csv=p=0", out])
    XCTAssertEqual(streams, "video,1280,720\naudio\n6.000000\n")
    // The portrait clip (160x80 turned a quarter) upright and as high as the frame, centred: 360x720 at x 460;
    // the ffmpeg CLI turns it upright by itself.
    let upright = try thumbnail(first, at: 1, "scale=8:16")
    XCTAssertLessThan(meanDifference(try thumbnail(out, at: 1, "crop=360:720:460:0,scale=8:16"), upright), 8)
    // The 4:3 clip as wide as the frame, its middle 3/4 shown: rows 30 to 210 of its 240.
    let wide = try thumbnail(second, at: 2, "crop=320:180:0:30,scale=16:9")
    XCTAssertLessThan(meanDifference(try thumbnail(out, at: 4, "scale=16:9"), wide), 8)
  }
}
