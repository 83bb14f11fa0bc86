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
}
