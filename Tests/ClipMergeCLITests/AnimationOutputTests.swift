import Composition
import Engine
import Foundation
import TestSupport
import XCTest

/// Animated GIF output: one palette (libimagequant) for the whole animation, the frame rate and size asked for,
/// delays that add up to the length, no sound, warnings for sound left out and for a huge result. Animated WebP
/// (libwebp) the same way.
final class AnimationOutputTests: XCTestCase {
  let folder = FixtureFiles.temporaryFolder()

  func testAGIFHasTheFramesDelaysAndColoursAskedFor() throws {
    let gif = folder.appendingPathComponent("clip.gif").path
    let made = try ClipmergeProcess.run([
      "concat", FixtureFiles.path("gop.mp4") + "#t=0,4", "--size", "160x120", "--fps", "10", "-o", gif,
    ])
    XCTAssertEqual(made.code, 0, made.stderr)
    XCTAssertTrue(made.stderr.contains("an animated GIF has no sound; the audio is left out"), made.stderr)
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

  func testAnAnimatedWebPLoopsThroughItsFrames() throws {
    let webp = folder.appendingPathComponent("clip.webp").path
    let made = try ClipmergeProcess.run([
      "concat", FixtureFiles.path("gop.mp4") + "#t=0,3", "--size", "160x120", "--fps", "10", "-o", webp,
    ])
    XCTAssertEqual(made.code, 0, made.stderr)
    XCTAssertTrue(made.stderr.contains("an animated WebP has no sound"), made.stderr)
    // FFmpeg 5.1 cannot decode animated WebP: Pillow reads it.
    let read = try ClipmergeProcess.capture(
      URL(fileURLWithPath: "/usr/bin/python3"),
      [
        "-c",
        "import sys; from PIL import Image; im = Image.open(sys.argv[1]); d = []\n"
          + "for i in range(im.n_frames):\n im.seek(i); im.load(); d.append(im.info['duration'])\n"
          + "print(im.size[0], im.size[1], im.n_frames, im.info.get('loop'), sum(d), min(d), max(d))",
        webp,
      ])
    XCTAssertEqual(read.code, 0, read.stderr)
    XCTAssertEqual(String(decoding: read.output, as: UTF8.self), "160 120 30 0 3000 100 100\n")
  }
}
