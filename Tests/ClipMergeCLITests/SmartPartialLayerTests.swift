import Foundation
import TestSupport
import XCTest

/// A smart render under a layer that covers part of the timeline (a title from 2 s for 3 s over a clip with a
/// keyframe every 2 s): only the groups of pictures the title touches are encoded again, every other picture
/// is the source's, as the ffmpeg CLI decodes both.
final class SmartPartialLayerTests: XCTestCase {
  func testOnlyTheGroupsATitleTouchesAreEncodedAgain() throws {
    let folder = FixtureFiles.temporaryFolder()
    let source = FixtureFiles.path("gop.mp4")
    let arguments = ["concat", source, "--text", "Hi", "--text-at", "2,3", "--smart"]
    let plan = try ClipmergeProcess.run(arguments + ["--dry-run"])
    XCTAssertEqual(plan.code, 0, plan.stderr)
    XCTAssertTrue(plan.stdout.contains("smart: 180 of 300 frames copied (60 %)"), plan.stdout)
    XCTAssertTrue(plan.stdout.contains("[2.000 s, 6.000 s) re-encoded"), plan.stdout)
    let output = folder.appendingPathComponent("titled.mp4").path
    let render = try ClipmergeProcess.run(arguments + ["-o", output, "-q"])
    XCTAssertEqual(render.code, 0, render.stderr)
    let made = try PictureDigests.of(output)
    let original = try PictureDigests.of(source)
    XCTAssertEqual(made.count, 300)
    XCTAssertEqual(original.count, 300)
    // [0, 2 s) and [6 s, 10 s): the source's pictures, bit for bit.
    for k in Array(0..<60) + Array(180..<300) { XCTAssertEqual(made[k], original[k], "picture \(k) was copied") }
    // [2 s, 5 s): the title is drawn on each.
    for k in 60..<150 { XCTAssertNotEqual(made[k], original[k], "picture \(k) has the title") }
    // [5 s, 6 s): encoded again without the title, close to the source (luma PSNR by the ffmpeg CLI).
    let stats = folder.appendingPathComponent("psnr.txt").path
    // The temporary folder's name (clipmerge-tests-UUID) has nothing a filter graph would need escaped.
    _ = try ClipmergeProcess.runTool(
      "ffmpeg",
      ["-nostdin", "-v", "error", "-i", output, "-i", source, "-lavfi", "[0:v][1:v]psnr=stats_file=\(stats)"]
        + ["-f", "null", "-"])
    let lines = try String(contentsOfFile: stats, encoding: .utf8).split(separator: "\n")
    XCTAssertEqual(lines.count, 300)
    for k in 150..<180 {
      let field = try XCTUnwrap(lines[k].split(separator: " ").first { $0.hasPrefix("psnr_y:") })
      let psnr = field.dropFirst("psnr_y:".count)
      XCTAssertTrue(psnr == "inf" || (Double(psnr) ?? 0) > 40, "picture \(k): \(field)")
    }
  }
}
