import Foundation
import TestSupport
import XCTest

/// `--fit blur`: a portrait clip in a landscape frame, whole in the middle, its own blurred copy filling the
/// sides. Decoded by the ffmpeg CLI and measured: the sides are neither black nor sharp, the middle is the clip.
final class BlurFillTests: XCTestCase {
  /// Luma of one 640x360 frame of `path` at `time`, by the ffmpeg CLI.
  private func luma(_ path: String, at time: String) throws -> [UInt8] {
    let raw = FixtureFiles.temporaryFolder().appendingPathComponent("frame.gray").path
    _ = try ClipmergeProcess.runTool(
      "ffmpeg",
      ["-nostdin", "-v", "error", "-ss", time, "-i", path, "-frames:v", "1", "-pix_fmt", "gray", "-f", "rawvideo", raw])
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: raw)))
    XCTAssertEqual(bytes.count, 640 * 360)
    return bytes
  }

  /// The mean luma and the mean absolute difference between horizontal neighbours (sharpness) of columns `xs`.
  private func measure(_ pixels: [UInt8], columns xs: Range<Int>) -> (mean: Double, edges: Double) {
    var sum = 0
    var edges = 0
    for y in 0..<360 {
      for x in xs {
        sum += Int(pixels[y * 640 + x])
        if x + 1 < xs.upperBound { edges += abs(Int(pixels[y * 640 + x]) - Int(pixels[y * 640 + x + 1])) }
      }
    }
    return (Double(sum) / Double(360 * xs.count), Double(edges) / Double(360 * (xs.count - 1)))
  }

  func testBlurFillsTheSidesWithTheClipBlurred() throws {
    let folder = FixtureFiles.temporaryFolder()
    let portrait = folder.appendingPathComponent("portrait.mp4").path
    _ = try ClipmergeProcess.runTool(
      "ffmpeg",
      [
        "-nostdin", "-v", "error", "-f", "lavfi", "-i", "testsrc2=s=180x320:r=10:d=2", "-c:v", "libx264", "-preset",
        "ultrafast", portrait,
      ])
    var frames: [String: [UInt8]] = [:]
    for fit in ["blur", "contain"] {
      let out = folder.appendingPathComponent("\(fit).mp4").path
      let result = try ClipmergeProcess.run([
        "concat", portrait, "--fit", fit, "--size", "640x360", "-o", out, "--preset", "ultrafast", "--crf", "12", "-q",
      ])
      XCTAssertEqual(result.code, 0, result.stderr)
      frames[fit] = try luma(out, at: "1")
    }
    let blur = try XCTUnwrap(frames["blur"])
    let contain = try XCTUnwrap(frames["contain"])
    // Contained, the 180x320 clip is 203x360 at x 219 (scaled by 360/320): columns 230 to 410 are inside it.
    let middle = 230..<410
    let sides = [0..<200, 440..<640]
    XCTAssertLessThan(measure(contain, columns: sides[0]).mean, 20, "contain: black bars")
    for side in sides {
      let m = measure(blur, columns: side)
      XCTAssertGreaterThan(m.mean, 40, "blur: the side \(side) shows the clip's colours, not black")
      XCTAssertLessThan(m.edges, 0.4 * measure(blur, columns: middle).edges, "blur: the side \(side) is not sharp")
    }
    let a = measure(blur, columns: middle)
    let b = measure(contain, columns: middle)
    XCTAssertEqual(a.mean, b.mean, accuracy: 2, "the clip itself is the same in both")
    XCTAssertEqual(a.edges, b.edges, accuracy: 1)
  }
}
