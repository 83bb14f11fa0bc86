import Composition
import Foundation
import TestSupport
import XCTest

@testable import Engine

/// The kinds of file the FATE sweep (docs/corpus.md) found shown wrongly, each reproduced on a small generated
/// file and checked from outside: the source's pictures and the output's frames as the ffmpeg CLI decodes them.
final class CorpusClassTests: XCTestCase {
  /// Renders `name` whole and checks that the output shows each of the source's pictures once, in order, at
  /// its own time (FrameCheck, both decoded by the ffmpeg CLI), with `frames` frames in all.
  private func assertEachPictureOnce(
    _ name: String, frames: Int, frameDuration: MediaTime, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let source = try RenderHelpers.source(0, name)
    let composition = try ConcatRecipe(clips: [.init(source: source)]).makeComposition()
    XCTAssertEqual(composition.video?.frameDuration, frameDuration, "frame rate", file: file, line: line)
    let (out, report) = try RenderHelpers.render(composition, name: "out.mp4")
    let output = try ExternalFrames(out)
    XCTAssertEqual(output.thumbnails.count, frames, "frames the ffmpeg CLI decodes", file: file, line: line)
    XCTAssertEqual(Int(report.videoFrames), frames, file: file, line: line)
    let problems = FrameCheck.mismatches(
      output: output, source: try ExternalFrames(source.path), frameDuration: frameDuration)
    XCTAssertEqual(problems, [], file: file, line: line)
  }

  // FATE's test-4867.mp4: an FLV whose header states 5.0 s over 6.0 s of pictures lost its last second.
  func testFLVWhoseHeaderIsShorterThanItsPicturesLastsAsTheyDo() throws {
    let info = try MediaProbe.probe(FixtureFiles.path("short-header.flv"))
    XCTAssertEqual(try XCTUnwrap(info.statedDuration).seconds, 1, accuracy: 0.001)
    // 48 pictures at 24 fps from 0.023 s, the sound to 2.022 s (AAC's last packet).
    XCTAssertEqual(info.duration.seconds, 2.022, accuracy: 0.002)
    try assertEachPictureOnce(
      "short-header.flv", frames: 49, frameDuration: MediaTime.ticks(1, rate: 24))
  }

  // FATE's nellymoser-discont.mp4: r=24 with an average of 1000 fps (the onMetaData framerate) became 120 fps
  // with each picture shown five times.
  func testFLVStatingAThousandFramesASecondIsShownAtItsPicturesRate() throws {
    let video = try XCTUnwrap(try MediaProbe.probe(FixtureFiles.path("rate-1000.flv")).video)
    XCTAssertEqual(video.averageFrameDuration, MediaTime.ticks(1, rate: 1000))
    XCTAssertEqual(video.preferredFrameDuration, MediaTime.ticks(1, rate: 24))
    try assertEachPictureOnce("rate-1000.flv", frames: 49, frameDuration: MediaTime.ticks(1, rate: 24))
  }

  // FATE's dts_5frames.mkv, cfhd, ProRes in MXF: a length whose clock rounds it a hair past N frames got N + 1.
  func testLengthAHairOverWholeFramesIsThatManyFrames() throws {
    // Its clock of 5 ms ticks ends it at 1.070 s: snapped to the 32 frames it holds.
    let info = try MediaProbe.probe(FixtureFiles.path("hair-over.mp4"))
    XCTAssertEqual(info.duration, MediaTime.ticks(32, rate: 30))
    try assertEachPictureOnce("hair-over.mp4", frames: 32, frameDuration: MediaTime.ticks(1, rate: 30))
  }

  // FATE's vp90-2-* samples: no packet states its length and the header ends where the last picture begins;
  // the last picture was lost.
  func testWebMWithoutPacketDurationsKeepsItsLastPicture() throws {
    let info = try MediaProbe.probe(FixtureFiles.path("no-duration.webm"))
    XCTAssertEqual(info.duration, MediaTime.ticks(2, rate: 5))
    try assertEachPictureOnce("no-duration.webm", frames: 10, frameDuration: MediaTime.ticks(1, rate: 25))
  }

  // FATE's apng_out_of_order_frames.png: an APNG over a megabyte was refused for having no length (its reader
  // cannot start in the middle, where the length is looked for).
  func testLongAPNGLastsAsItsPictures() throws {
    let info = try MediaProbe.probe(FixtureFiles.path("long.apng"))
    XCTAssertEqual(info.duration, MediaTime.ticks(14, rate: 10))
    try assertEachPictureOnce("long.apng", frames: 14, frameDuration: MediaTime.ticks(1, rate: 10))
  }

  // FATE's H264_might_overflow.mkv and mov-3elist-encrypted.mp4: rendered as black frames with exit 0.
  func testStreamOfWhichNoPictureDecodesIsRefused() throws {
    let path = FixtureFiles.path("scrambled.mp4")
    // The ffmpeg CLI decodes none of it either.
    let decoded = try ClipmergeProcess.runTool(
      "ffmpeg", ["-nostdin", "-v", "quiet", "-i", path, "-map", "0:v:0", "-f", "framecrc", "-"])
    XCTAssertFalse(decoded.split(separator: "\n").contains { !$0.hasPrefix("#") })
    XCTAssertThrowsError(try MediaProbe.probe(path)) { error in
      XCTAssertEqual(
        "\(error)", "\(path): no picture of its video decodes (damaged data, or a size it does not have)")
    }
  }

  // FATE's extradata-reload-multi-stsd.mp4: the 128x128 pictures after 256x128 ones were put in the left half.
  func testPictureOfAnotherSizeMidStreamIsFittedAndCentred() throws {
    let source = try RenderHelpers.source(0, "size-change.mkv")
    XCTAssertEqual(source.info.video.map { [$0.width, $0.height] }, [320, 240])
    let (out, _) = try RenderHelpers.render(try ConcatRecipe(clips: [.init(source: source)]).makeComposition())
    // Frame 40, decoded by the ffmpeg CLI: the red 160x240 picture centred, black bars either side.
    let grey = try ClipmergeProcess.capture(
      URL(fileURLWithPath: "/usr/bin/env"),
      [
        "ffmpeg", "-nostdin", "-v", "error", "-i", out, "-vf", "select=eq(n\\,40)", "-frames:v", "1", "-f",
        "rawvideo", "-pix_fmt", "gray", "-",
      ])
    let luma = [UInt8](grey.output)
    XCTAssertEqual(luma.count, 320 * 240, grey.stderr)
    guard luma.count == 320 * 240 else { return }
    let at = { (x: Int) in Int(luma[120 * 320 + x]) }
    for x in [20, 60, 270, 300] { XCTAssertLessThan(at(x), 24, "a bar at x = \(x)") }
    // Red is luma 81 in BT.601 limited range.
    for x in [90, 160, 230] { XCTAssertEqual(at(x), 81, accuracy: 6, "the red picture at x = \(x)") }
  }

  // The rounding of a duration to frames, in one place: a hair over N frames is N, more is N + 1.
  func testDurationAHairOverWholeFramesRoundsDown() throws {
    var video = VideoComposition(
      renderSize: PixelSize(width: 320, height: 240), frameDuration: .ticks(1, rate: 30), instructions: [])
    XCTAssertEqual(video.frameCount(covering: MediaTime.ticks(1_066_677, rate: 1_000_000)), 32)
    // 3.3 ms past: a trim a spec asks for, a frame more.
    XCTAssertEqual(video.frameCount(covering: MediaTime.ticks(1_070, rate: 1_000)), 33)
    XCTAssertEqual(video.frameCount(covering: MediaTime.ticks(1, rate: 1_000)), 1)
    video.frameDuration = MediaTime.ticks(1, rate: 24)
    XCTAssertEqual(video.frameCount(covering: MediaTime.ticks(209, rate: 1_000)), 5)
    XCTAssertEqual(video.frameCount(covering: MediaTime.ticks(215, rate: 1_000)), 6)
  }
}
