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
        paths: Array(repeating: clip, count: joins), route: OutputRoute(path: out, container: .mp4),
        export: ExportSettings(),
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
      StreamCopyJoiner.incompatibility([base, overlay], trims: [false, false], output: .mp4),
      "clip 2 (\(overlay)): video size (160x120 vs 320x240) differs from clip 1")
    XCTAssertEqual(
      StreamCopyJoiner.incompatibility([base, FixtureFiles.path("split.mp4")], trims: [false, false], output: .mp4),
      "clip 2 (\(FixtureFiles.path("split.mp4"))) has no audio stream, unlike clip 1")
    XCTAssertEqual(
      StreamCopyJoiner.incompatibility([base, base], trims: [false, true], output: .mp4),
      "clip 2 (\(base)) is trimmed; a trim is exact to the frame only when re-encoded")
    XCTAssertNil(StreamCopyJoiner.incompatibility([base, base], trims: [false, false], output: .mp4))
  }

  func join(_ names: [String], into name: String) throws -> (path: String, report: ExportReport) {
    let out = FixtureFiles.temporaryFolder().appendingPathComponent(name).path
    let route = OutputRoute(path: out, container: try XCTUnwrap(Container(fileName: name)))
    let report = try StreamCopyJoiner(
      paths: names.map(FixtureFiles.path), route: route, export: ExportSettings(), overwrite: false
    ).run()
    return (out, report)
  }

  /// A phone clip cut between keyframes starts with pictures its edit list hides. First in an MP4 join they
  /// stay hidden (in the output's edit list); the output shows what each source shows, in strictly increasing
  /// decode order, with the sample entry (`hvc1`) Apple's players need.
  func testEditListedClipFirstShowsWhatItsSourceShows() throws {
    let (out, _) = try join(["preroll.mp4", "hevc.mp4"], into: "edit-list.mp4")
    let shown = try PictureGrabber.frameTimes(path: out).count
    let expected =
      try PictureGrabber.frameTimes(path: FixtureFiles.path("preroll.mp4")).count
      + PictureGrabber.frameTimes(path: FixtureFiles.path("hevc.mp4")).count
    XCTAssertEqual(shown, expected)
    XCTAssertEqual(expected, 62 + 75)
    let packets = try PacketList(path: out)
    XCTAssertEqual(packets.tags[packets.kinds.firstIndex(of: "video") ?? 0], "hvc1")
    for kind in ["video", "audio"] {
      let dts = packets.packets(of: kind).compactMap(\.dts)
      XCTAssertEqual(zip(dts, dts.dropFirst()).filter { $0 >= $1 }.count, 0, "\(kind) decode times go backwards")
    }
  }

  func testEditListedClipAfterTheFirstIsRefusedWithTheReason() throws {
    let preroll = FixtureFiles.path("preroll.mp4")
    XCTAssertThrowsError(try join(["hevc.mp4", "preroll.mp4"], into: "refused.mp4")) { error in
      guard case .cannotCopy(let reason) = error as? EngineError else { return XCTFail("\(error)") }
      XCTAssertTrue(
        reason.hasPrefix("clip 2 (\(preroll)) starts with 13 pictures its edit list hides"), reason)
      XCTAssertTrue(reason.hasSuffix("join without --copy"), reason)
    }
    // In Matroska nothing can hide them, first or not.
    XCTAssertThrowsError(try join(["preroll.mp4", "hevc.mp4"], into: "refused.mkv"))
  }

  func testDolbyVisionConfigurationIsKeptOrTheJoinRefused() throws {
    for name in ["dv.mp4", "dv.mkv"] {
      let (out, _) = try join(["dolby-vision.mp4", "dolby-vision.mp4"], into: name)
      let packets = try PacketList(path: out)
      XCTAssertEqual(packets.dolbyVision[packets.kinds.firstIndex(of: "video") ?? 0], true, name)
    }
    XCTAssertThrowsError(try join(["dolby-vision.mp4", "dolby-vision.mp4"], into: "dv.mov")) { error in
      guard case .cannotCopy(let reason) = error as? EngineError else { return XCTFail("\(error)") }
      XCTAssertTrue(reason.contains("Dolby Vision"), reason)
    }
    // The plain clip has no record: the check above is not vacuous.
    XCTAssertEqual(try PacketList(path: FixtureFiles.path("hevc.mp4")).dolbyVision, [false, false])
  }
}
