import Composition
import Engine
import Foundation
import TestSupport
import XCTest

/// Animated GIF output: one palette (libimagequant) for the whole animation, the frame rate and size asked for,
/// delays that add up to the length, no sound, warnings for sound left out and for a huge result.
final class GIFOutputTests: XCTestCase {
  let folder = FixtureFiles.temporaryFolder()

  func testAGIFHasTheFramesDelaysAndColoursAskedFor() throws {
    let gif = folder.appendingPathComponent("clip.gif").path
    let made = try ClipmergeProcess.run([
      "concat", FixtureFiles.path("gop.mp4") + "#t=0,4", "--size", "160x120", "--fps", "10", "-o", gif,
    ])
    XCTAssertEqual(made.code, 0, made.stderr)
    XCTAssertTrue(made.stderr.contains("a GIF has no sound; the audio is left out"), made.stderr)
    let packets = try PacketList(path: gif)
    XCTAssertEqual(try MediaProbe.report(gif).streams.map(\.codec), ["gif"])
    let video = packets.packets(of: "video")
    XCTAssertEqual(video.count, 40)
    XCTAssertEqual(Set(video.map(\.duration)), [10], "every delay is 10 hundredths")
    // Colours: the GIF's frame at 2 s against the same frame as a PNG (dithering costs some decibels).
    let png = folder.appendingPathComponent("frame.png").path
    XCTAssertEqual(
      try ClipmergeProcess.run([
        "frame", "--at", "2", "-o", png, "-q", "--", "concat", FixtureFiles.path("gop.mp4") + "#t=0,4", "--size",
        "160x120", "--fps", "10",
      ]).code, 0)
    let shown = try XCTUnwrap(try PictureGrabber(path: gif).picture(at: MediaTime(seconds: 2)))
    let still = try XCTUnwrap(try PictureGrabber(path: png).picture(at: .zero))
    XCTAssertEqual(shown.width, 160)
    XCTAssertGreaterThan(shown.lumaPSNR(against: still), 25)
  }

  func testDelaysAddUpAtRatesThatAreNotWholeHundredths() throws {
    let gif = folder.appendingPathComponent("twelve.gif").path
    let made = try ClipmergeProcess.run([
      "concat", FixtureFiles.path("gop.mp4") + "#t=0,2", "--size", "160x120", "--fps", "12", "-o", gif, "-q",
    ])
    XCTAssertEqual(made.code, 0, made.stderr)
    let delays = try PacketList(path: gif).packets(of: "video").compactMap(\.pts)
    XCTAssertEqual(delays.count, 24)
    // 1/12 s is 8.33 hundredths: the frames start at the nearest hundredth of their exact times.
    XCTAssertEqual(delays, (0..<24).map { Int64((Double($0) * 100 / 12).rounded()) })
  }

  func testAHugeGIFIsWarnedAbout() throws {
    let plan = try ClipmergeProcess.run([
      "concat", FixtureFiles.path("gop.mp4"), "--size", "1920x1080", "--fps", "30", "-o",
      folder.appendingPathComponent("huge.gif").path, "--dry-run",
    ])
    XCTAssertEqual(plan.code, 0, plan.stderr)
    XCTAssertTrue(plan.stderr.contains("the GIF will be large: 300 frames of 1920x1080"), plan.stderr)
  }
}
