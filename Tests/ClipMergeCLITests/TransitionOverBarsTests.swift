import Foundation
import TestSupport
import XCTest

/// Transitions into and out of a letterboxed clip, seen through the ffmpeg CLI's decode: a full-frame white clip
/// (320x240) joined with a grey 320x136 one (52-row black bars above and below, output 320x240). The bars are
/// part of the clip's frame: through every transition they fade, move and wipe as its picture does, so the bar
/// rows never jump from the outgoing clip to black in one frame at the transition's end.
final class TransitionOverBarsTests: XCTestCase {
  let folder = FixtureFiles.temporaryFolder()
  /// Luma of the white clip, and of black (the bars).
  let white = 235.0
  let black = 16.0

  override func setUpWithError() throws {
    for (name, color, size) in [("full", "white", "320x240"), ("wide", "gray", "320x136")] {
      _ = try ClipmergeProcess.runTool(
        "ffmpeg",
        [
          "-nostdin", "-v", "error", "-f", "lavfi", "-i", "color=c=\(color):s=\(size):r=30:d=1", "-pix_fmt",
          "yuv420p", "-c:v", "libx264", "-preset", "ultrafast", path(name),
        ])
    }
  }

  func path(_ name: String) -> String { folder.appendingPathComponent("\(name).mp4").path }

  /// The mean luma of the top bar's rows (0 to 39) in each frame of the join of `clips` with `transition` over
  /// half a second (frames 15 to 29 are the joint).
  func barMeans(_ clips: [String], _ transition: String) throws -> [Double] {
    let out = folder.appendingPathComponent("\(transition)-\(clips[0]).mp4").path
    let result = try InProcessClipMerge.run(
      ["concat"] + clips.map(path) + [
        "--transition", "\(transition),0.5", "--size", "320x240", "-o", out, "--preset", "ultrafast", "--crf", "12",
        "-q",
      ])
    XCTAssertEqual(result.code, 0, result.stderr)
    let decoded = try ClipmergeProcess.capture(
      URL(fileURLWithPath: "/usr/bin/env"),
      [
        "ffmpeg", "-nostdin", "-v", "error", "-i", out, "-vf", "crop=320:40:0:0,extractplanes=y", "-f", "rawvideo",
        "-",
      ])
    XCTAssertEqual(decoded.code, 0, decoded.stderr)
    let bytes = [UInt8](decoded.output)
    let size = 320 * 40
    return stride(from: 0, to: bytes.count - size + 1, by: size).map { start in
      Double(bytes[start..<start + size].reduce(0) { $0 + Int($1) }) / Double(size)
    }
  }

  func testACrossfadeFadesTheBarsAsItFadesThePicture() throws {
    // Into the letterboxed clip: the bar rows go from white to black in even steps, as the picture's do.
    let into = try barMeans(["full", "wide"], "crossfade")
    XCTAssertEqual(into.count, 45)
    let fading = (0..<45).map { k in white + (black - white) * min(max(Double(k - 15) / 15, 0), 1) }
    XCTAssertLessThan(zip(into, fading).map { abs($0 - $1) }.max() ?? 99, 4, "\(into)")
    // Out of it: black to white.
    let out = try barMeans(["wide", "full"], "crossfade")
    let rising = fading.map { white + black - $0 }
    XCTAssertLessThan(zip(out, rising).map { abs($0 - $1) }.max() ?? 99, 4, "\(out)")
  }

  func testEveryTransitionTakesTheBarsAlong() throws {
    for transition in [
      "fade-black", "fade-white", "slide-up", "push-left", "wipe-down", "wipe-right", "zoom-in", "circle-open",
      "circle-close",
    ] {
      for clips in [["full", "wide"], ["wide", "full"]] {
        let means = try barMeans(clips, transition)
        let (first, last) = clips[0] == "full" ? (white, black) : (black, white)
        XCTAssertEqual(means.first ?? 0, first, accuracy: 3, "\(transition) \(clips)")
        XCTAssertEqual(means.last ?? 0, last, accuracy: 3, "\(transition) \(clips)")
        // No jump: a step of the bar rows is under half the way (an edge moving up or down crosses the 40 rows
        // in 2.5 frames, 16 rows a frame), never the whole way at the joint's end as when the bars stayed behind.
        let steps = zip(means, means.dropFirst()).map { abs($1 - $0) }
        XCTAssertLessThan(steps.max() ?? 0, (white - black) / 2, "\(transition) \(clips): \(means)")
      }
    }
  }
}
