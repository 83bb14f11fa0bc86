import Foundation
import TestSupport
import XCTest

/// `clipmerge scenes`, run in process over scenes.mp4 (100 pictures at 25 fps: hard cuts at frames 25 and 45,
/// a 20-frame fade from frame 55 to 75), checked against the edit as it was made and against ffprobe's count and
/// times of its pictures.
final class ScenesCommandTests: XCTestCase {
  private let edit = FixtureFiles.path("scenes.mp4")

  /// The scenes a run prints as JSON, as (startFrame, endFrame, start, end).
  private func scenes(_ options: [String] = []) throws -> [(Int, Int, Double, Double)] {
    let result = try InProcessClipMerge.run(["scenes", edit, "--json"] + options)
    XCTAssertEqual(result.code, 0, result.stderr)
    let array = try XCTUnwrap(try JSONSerialization.jsonObject(with: result.output) as? [[String: Any]])
    return try array.map {
      (
        try XCTUnwrap($0["startFrame"] as? Int), try XCTUnwrap($0["endFrame"] as? Int),
        try XCTUnwrap($0["start"] as? Double), try XCTUnwrap($0["end"] as? Double)
      )
    }
  }

  func testHardCutsAreFoundAtTheirFramesAndTheFadeIsNone() throws {
    let found = try scenes()
    XCTAssertEqual(found.map { [$0.0, $0.1] }, [[0, 25], [25, 45], [45, 100]])
    // ffprobe: the pictures and their times.
    let times = try ClipmergeProcess.runTool(
      "ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries", "frame=pts_time", "-of", "csv=p=0", edit]
    ).split(separator: "\n").compactMap { $0.split(separator: ",").first.flatMap { Double($0) } }
    XCTAssertEqual(times.count, 100)
    guard times.count == 100 else { return }
    for scene in found {
      XCTAssertEqual(scene.2, times[scene.0], accuracy: 0.001, "scene at frame \(scene.0)")
    }
    XCTAssertEqual(found.last?.3 ?? 0, 4.0, accuracy: 0.001)
  }

  func testAMinimumLengthAndAThresholdChangeTheCuts() throws {
    // 30 frames at least: the cut at 25 comes too soon, the one at 45 stands.
    XCTAssertEqual(try scenes(["--min-scene", "30"]).map { [$0.0, $0.1] }, [[0, 45], [45, 100]])
    // At 255 nothing differs enough.
    XCTAssertEqual(try scenes(["--threshold", "255"]).map { [$0.0, $0.1] }, [[0, 100]])
  }

  func testCSVAndText() throws {
    let csv = try InProcessClipMerge.run(["scenes", edit, "--csv"])
    XCTAssertEqual(
      csv.stdout,
      "scene,start,end,startFrame,endFrame\n1,0.000,1.000,0,25\n2,1.000,1.800,25,45\n3,1.800,4.000,45,100\n")
    let text = try InProcessClipMerge.run(["scenes", edit])
    XCTAssertEqual(
      text.stdout,
      "scene 1: 0.000-1.000 s, frames 0-24\nscene 2: 1.000-1.800 s, frames 25-44\n"
        + "scene 3: 1.800-4.000 s, frames 45-99\n")
  }

  func testBadValuesAndAFileWithoutPictures() throws {
    let high = try InProcessClipMerge.run(["scenes", edit, "--threshold", "300"])
    XCTAssertEqual(high.code, 64)
    XCTAssertTrue(high.stderr.contains("a number from 1 to 255"), high.stderr)
    let both = try InProcessClipMerge.run(["scenes", edit, "--json", "--csv"])
    XCTAssertEqual(both.code, 64, both.stderr)
    let music = FixtureFiles.path("music.m4a")
    let sound = try InProcessClipMerge.run(["scenes", music])
    XCTAssertEqual(sound.code, 65)
    XCTAssertEqual(sound.stderr, "clipmerge: error: \(music): no video stream\n")
  }
}
