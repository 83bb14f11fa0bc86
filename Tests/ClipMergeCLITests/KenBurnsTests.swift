import Foundation
import TestSupport
import XCTest

/// A zoom over a still (`&zoom=`, `--ken-burns`), measured from outside: the ffmpeg CLI decodes each frame and
/// the white square in the middle of the still is counted, pixel by pixel.
final class KenBurnsTests: XCTestCase {
  private var folder: URL!
  private var still: String!

  /// A 320x240 black still with a white 40x40 square in its middle.
  override func setUpWithError() throws {
    folder = FixtureFiles.temporaryFolder()
    still = folder.appendingPathComponent("square.png").path
    _ = try ClipmergeProcess.runTool(
      "ffmpeg",
      [
        "-nostdin", "-v", "error", "-f", "lavfi", "-i", "color=c=black:s=320x240:d=1", "-vf",
        "drawbox=x=140:y=100:w=40:h=40:color=white:t=fill", "-frames:v", "1", still,
      ])
  }

  /// How many pixels of each frame of `path` are white (luma above 128).
  private func whiteArea(_ path: String) throws -> [Int] {
    let raw = folder.appendingPathComponent("frames.gray").path
    _ = try ClipmergeProcess.runTool(
      "ffmpeg", ["-nostdin", "-v", "error", "-y", "-i", path, "-pix_fmt", "gray", "-f", "rawvideo", raw])
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: raw)))
    let size = 320 * 240
    return stride(from: 0, to: bytes.count - size + 1, by: size).map { start in
      bytes[start..<start + size].reduce(0) { $0 + ($1 > 128 ? 1 : 0) }
    }
  }

  private func render(_ arguments: [String]) throws -> String {
    let out = folder.appendingPathComponent("zoom-\(UUID().uuidString.prefix(8)).mp4").path
    let result = try ClipmergeProcess.run(
      ["concat"] + arguments + ["--fps", "10", "-o", out, "--preset", "ultrafast", "--crf", "10", "-q"])
    XCTAssertEqual(result.code, 0, result.stderr)
    return out
  }

  /// `&zoom=1,2` over 2 s: the square's area grows at every frame, from its own (1600 pixels) to about 1.95²
  /// times it at the last frame (1.9 s of 2).
  func testAZoomGrowsMonotonically() throws {
    let areas = try whiteArea(render(["\(still!)#t=,2&zoom=1,2"]))
    XCTAssertEqual(areas.count, 20)
    XCTAssertEqual(Double(areas[0]), 1600, accuracy: 120)
    XCTAssertEqual(Double(areas[19]), 1600 * 1.95 * 1.95, accuracy: 300)
    for (a, b) in zip(areas, areas.dropFirst()) { XCTAssertGreaterThan(b, a, "\(areas)") }
  }

  /// `--ken-burns` zooms the first still in and the second out; a video clip between them is left alone.
  func testKenBurnsAlternatesOverStills() throws {
    let video = FixtureFiles.path("base.mp4")
    let areas = try whiteArea(render(["\(still!)#t=,2", "\(video)#t=0,1", "\(still!)#t=,2", "--ken-burns"]))
    XCTAssertEqual(areas.count, 50)
    XCTAssertGreaterThan(areas[19], areas[0] + 400, "in: \(areas[0..<20])")
    XCTAssertLessThan(areas[49], areas[30] - 400, "out: \(areas[30..<50])")
    XCTAssertEqual(Set(areas[20..<30]), [0], "the video clip has no white")
  }

  func testBadZoomsAreRefused() throws {
    let bad = try ClipmergeProcess.run(["concat", "\(still!)#zoom=1,20", "-o", "/tmp/never.mp4"])
    XCTAssertEqual(bad.code, 64)
    XCTAssertEqual(
      bad.stderr,
      "clipmerge: error: '\(still!)#zoom=1,20': zoom=1,20: expected zoom=FROM,TO, two sizes from 0.25 to 8 (1,1.2)\n")
    let overlay = try ClipmergeProcess.run([
      "overlay", FixtureFiles.path("base.mp4"), "\(still!)#zoom=1,2", "-o", "/tmp/n.mp4",
    ])
    XCTAssertEqual(overlay.code, 64)
    XCTAssertEqual(
      overlay.stderr, "clipmerge: error: '\(still!)#zoom=1,2': zoom= is for concat's clips (overlay has --scale)\n")
  }
}
