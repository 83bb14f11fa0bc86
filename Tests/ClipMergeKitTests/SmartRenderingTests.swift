import ClipMergeKit
import Foundation
import TestSupport
import XCTest

/// A Swift program's export may be smart, as the command line's concat is: `allowsSmartRendering` copies the
/// groups of pictures shown unchanged (the ffmpeg CLI's framemd5 finds them bit for bit the source's), and
/// `plan` says what the export did and why; without it every frame is encoded.
final class SmartRenderingTests: XCTestCase {
  /// gop.mp4 (a keyframe every 2 s) trimmed to [1 s, 9 s) and [2.5 s, 7 s), one after the other on one track.
  private func session(smart: Bool, to url: URL) throws -> AssetExportSession {
    let gop = try Asset(url: URL(fileURLWithPath: FixtureFiles.path("gop.mp4")))
    let track = try XCTUnwrap(gop.tracks(withMediaType: .video).first)
    let composition = MutableComposition()
    let video = composition.addMutableTrack(withMediaType: .video)
    let first = TimeRange(start: MediaTime(seconds: 1), end: MediaTime(seconds: 9))
    let second = TimeRange(start: try XCTUnwrap(MediaTime(value: 5, timescale: 2)), end: MediaTime(seconds: 7))
    try video.insertTimeRange(first, of: track, at: .zero)
    try video.insertTimeRange(second, of: track, at: first.duration)
    let session = AssetExportSession(asset: composition, presetName: .highQuality)
    session.outputURL = url
    session.allowsSmartRendering = smart
    return session
  }

  func testASmartExportCopiesWhatShowsUnchanged() async throws {
    let folder = FixtureFiles.temporaryFolder()
    let smartURL = folder.appendingPathComponent("smart.mp4")
    let smart = try session(smart: true, to: smartURL)
    XCTAssertNil(smart.plan, "nothing is planned before the export")
    _ = try await smart.export()
    let plan = try XCTUnwrap(smart.plan)
    XCTAssertEqual(plan.method, .smart)
    XCTAssertEqual(plan.reason, .mostIsCopied)
    XCTAssertEqual(plan.smart?.copiedFrames, 240)
    XCTAssertEqual(plan.smart?.frameCount, 375)
    let made = try PictureDigests.of(smartURL.path)
    let source = try PictureDigests.of(FixtureFiles.path("gop.mp4"))
    XCTAssertEqual(made.count, 375)
    // Output [1 s, 7 s) is source [2 s, 8 s); output [9.5 s, 11.5 s) is source [4 s, 6 s).
    for k in 30..<210 { XCTAssertEqual(made[k], source[k + 30], "picture \(k) was copied") }
    for k in 285..<345 { XCTAssertEqual(made[k], source[k - 165], "picture \(k) was copied") }

    let wholeURL = folder.appendingPathComponent("whole.mp4")
    let whole = try session(smart: false, to: wholeURL)
    _ = try await whole.export()
    XCTAssertEqual(whole.plan?.method, .full)
    XCTAssertEqual(whole.plan?.reason, .smartTurnedOff)
    let encoded = try PictureDigests.of(wholeURL.path)
    XCTAssertEqual(encoded.count, 375)
    XCTAssertFalse((30..<210).contains { encoded[$0] == source[$0 + 30] }, "every picture encoded again")
  }

  /// A clip stored turned (H.264, a display matrix turning it 90° clockwise), trimmed twice as AVFoundation
  /// code does it, with each layer set to its track's `preferredTransform`: the smart export keeps the matrix,
  /// copies whole groups bit for bit, and its plan says so.
  func testASmartExportOfATurnedClipKeepsItsDisplayMatrix() async throws {
    let path = FixtureFiles.path("turned-90.mp4")
    let asset = try Asset(url: URL(fileURLWithPath: path))
    let track = try XCTUnwrap(asset.tracks(withMediaType: .video).first)
    let composition = MutableComposition()
    let video = composition.addMutableTrack(withMediaType: .video)
    let first = TimeRange(
      start: try XCTUnwrap(MediaTime(value: 1, timescale: 5)), end: MediaTime(value: 8, timescale: 5)!)
    let second = TimeRange(
      start: try XCTUnwrap(MediaTime(value: 2, timescale: 5)), end: MediaTime(value: 9, timescale: 5)!)
    try video.insertTimeRange(first, of: track, at: .zero)
    try video.insertTimeRange(second, of: track, at: first.duration)
    let layer = MutableVideoCompositionLayerInstruction(assetTrack: video)
    layer.setTransform(track.preferredTransform, at: .zero)
    let instruction = MutableVideoCompositionInstruction(
      timeRange: TimeRange(start: .zero, duration: first.duration + second.duration), layerInstructions: [layer])
    let session = AssetExportSession(asset: composition, presetName: .highQuality)
    let url = FixtureFiles.temporaryFolder().appendingPathComponent("turned.mp4")
    session.outputURL = url
    session.allowsSmartRendering = true
    session.videoComposition = MutableVideoComposition(
      renderSize: PixelSize(width: 240, height: 320), frameDuration: MediaTime.ticks(1, rate: 25),
      instructions: [instruction])
    _ = try await session.export()
    let plan = try XCTUnwrap(session.plan)
    XCTAssertEqual(plan.method, .smart)
    XCTAssertEqual(plan.smart?.copiedFrames, 60)
    let stream = try ClipmergeProcess.runTool(
      "ffprobe",
      [
        "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width,height:stream_side_data=rotation",
        "-of", "default=nw=1", url.path,
      ])
    XCTAssertTrue(stream.contains("width=320\nheight=240") && stream.contains("rotation=-90"), stream)
    let made = try PictureDigests.of(url.path)
    let source = try PictureDigests.of(path)
    XCTAssertEqual(made.count, 70)
    // Output [0.2 s, 1.4 s) is source [0.4 s, 1.6 s): whole groups of 10.
    for k in 5..<35 { XCTAssertEqual(made[k], source[k + 5], "picture \(k) was copied") }
  }
}
