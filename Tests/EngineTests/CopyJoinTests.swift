import Composition
import Engine
import TestSupport
import XCTest

/// Joins by stream copy: timing, packets, sync, and the reasons a join cannot be copied.
final class CopyJoinTests: XCTestCase {
  func testCopyJoinKeepsEveryVideoPacketAndSyncDoesNotDrift() throws {
    for name in ["sync-25-44100.mp4", "sync-30-48000.mp4"] {
      let clip = FixtureFiles.path(name)
      let out = FixtureFiles.temporaryFolder().appendingPathComponent("copy.mp4").path
      let joins = 8
      let report = try StreamCopyJoiner(
        paths: Array(repeating: clip, count: joins), outputPath: out, export: ExportSettings(container: .mp4),
        overwrite: false
      ).run()
      let framesPerClip = try PictureGrabber.frameTimes(path: clip).count
      XCTAssertEqual(report.videoFrames, Int64(framesPerClip * joins), name)
      XCTAssertEqual(report.duration, MediaTime(value: 12 * Int64(joins), timescale: 10), name)
      XCTAssertEqual(try PictureGrabber.frameTimes(path: out).count, framesPerClip * joins, name)
      // Each clip's white first frame at k × 1.2 s, and its beep starting with it: within half an AAC packet
      // (the copy can only keep or drop whole packets), at every join, without drifting.
      let grabber = try PictureGrabber(path: out)
      let audio = try AudioGrabber.samples(path: out, sampleRate: 48000, channels: 2)[0]
      XCTAssertEqual(Double(audio.count), 1.2 * Double(joins) * 48000, accuracy: 1024, name)
      var onsets: [Int] = []
      var lastLoud = -48000
      for (i, v) in audio.enumerated() where abs(v) > 0.05 {
        if i - lastLoud > 24000 { onsets.append(i) }
        lastLoud = i
      }
      XCTAssertEqual(onsets.count, joins, name)
      for k in 0..<min(joins, onsets.count) {
        let start = MediaTime(value: Int64(12 * k), timescale: 10)!
        let picture = try XCTUnwrap(grabber.picture(at: start))
        XCTAssertGreaterThan(picture.yuv(x: 80, y: 60)?.y ?? 0, 200, "\(name) clip \(k) starts white")
        XCTAssertEqual(picture.time.seconds, start.seconds, accuracy: 0.001, "\(name) clip \(k) first frame")
        // The onset of the first clip's beep (encoder pre-echo included) is the reference for the others.
        let drift = Double(onsets[k] - onsets[0]) / 48000 - start.seconds
        XCTAssertLessThan(abs(drift), 0.012, "\(name) clip \(k) beep is \(drift) s off its picture")
      }
    }
  }

  func testIncompatibleClipsSayWhichClipAndParameter() {
    let base = FixtureFiles.path("base.mp4")
    let overlay = FixtureFiles.path("overlay.mp4")
    XCTAssertEqual(
      StreamCopyJoiner.incompatibility([base, overlay], trims: [false, false]),
      "clip 2 (\(overlay)): video size (160x120 vs 320x240) differs from clip 1")
    XCTAssertEqual(
      StreamCopyJoiner.incompatibility([base, FixtureFiles.path("split.mp4")], trims: [false, false]),
      "clip 2 (\(FixtureFiles.path("split.mp4"))) has no audio stream, unlike clip 1")
    XCTAssertEqual(
      StreamCopyJoiner.incompatibility([base, base], trims: [false, true]),
      "clip 2 (\(base)) is trimmed; a trim is exact to the frame only when re-encoded")
    XCTAssertNil(StreamCopyJoiner.incompatibility([base, base], trims: [false, false]))
  }
}
