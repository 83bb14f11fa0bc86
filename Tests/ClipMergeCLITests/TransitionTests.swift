import Composition
import Foundation
import TestSupport
import XCTest

/// Transitions on decoded pixels, at the middle of a 1 s joint between base.mp4 (flat blue) and overlay.mp4 (flat
/// yellow), 320x240: where the edge between the clips is, with and without easing; what --print-spec shows.
final class TransitionTests: XCTestCase {
  let folder = FixtureFiles.temporaryFolder()

  /// The frame at 3.5 s (the joint is [3 s, 4 s)) of the join with `options`.
  func middle(_ options: [String]) throws -> PictureSample {
    let path = folder.appendingPathComponent("\(UUID()).png").path
    let made = try ClipmergeProcess.run(
      [
        "frame", "--at", "3.5", "-o", path, "-q", "--", "concat", FixtureFiles.path("base.mp4"),
        FixtureFiles.path("overlay.mp4"),
      ] + options)
    XCTAssertEqual(made.code, 0, made.stderr)
    return try XCTUnwrap(try PictureGrabber(path: path).picture(at: .zero))
  }

  /// Whether the pixel shows the incoming (yellow, bright) clip rather than the outgoing (blue, dark) one.
  func isIncoming(_ picture: PictureSample, _ x: Int, _ y: Int) throws -> Bool {
    try XCTUnwrap(picture.yuv(x: x, y: y)).y > 120
  }

  func testASlideMovesTheIncomingClipToWhereItsEasingSays() throws {
    let linear = try middle(["--transition", "slide-left,1"])
    // Half way: the incoming clip's left edge at the middle column, within a pixel.
    XCTAssertFalse(try isIncoming(linear, 158, 120))
    XCTAssertTrue(try isIncoming(linear, 161, 120))
    // Easing in, a quarter of the way at half the time: the edge at three quarters of the width.
    let eased = try middle(["--transition", "slide-left,1", "--transition-easing", "ease-in"])
    XCTAssertFalse(try isIncoming(eased, 238, 120))
    XCTAssertTrue(try isIncoming(eased, 241, 120))
    let right = try middle(["--transition", "slide-right,1"])
    XCTAssertTrue(try isIncoming(right, 158, 120))
    XCTAssertFalse(try isIncoming(right, 161, 120))
  }

  func testAPushMovesBothAndFadeWhiteGoesThroughWhite() throws {
    let push = try middle(["--transition", "push-up,1"])
    XCTAssertFalse(try isIncoming(push, 160, 118), "the outgoing clip, pushed up, above")
    XCTAssertTrue(try isIncoming(push, 160, 121), "the incoming clip below")
    let white = try middle(["--transition", "fade-white,1"])
    let sample = try XCTUnwrap(white.yuv(x: 100, y: 100))
    XCTAssertEqual(sample.y, 235, accuracy: 2)
    XCTAssertEqual(sample.u, 128, accuracy: 2)
  }

  func testTheSpecShowsTheTransitionAsRamps() throws {
    let printed = try ClipmergeProcess.run([
      "concat", FixtureFiles.path("base.mp4"), FixtureFiles.path("overlay.mp4"), "--transition", "push-left,1",
      "--transition-easing", "ease-in-out", "--print-spec",
    ])
    XCTAssertEqual(printed.code, 0, printed.stderr)
    let text = String(decoding: printed.output, as: UTF8.self)
    XCTAssertTrue(text.contains("\"curve\": \"easeInOut\""), text)
    // A spec with the curve renders it: the same middle frame as the command line's.
    let spec = folder.appendingPathComponent("push.json").path
    try printed.output.write(to: URL(fileURLWithPath: spec))
    let fromSpec = folder.appendingPathComponent("spec.png").path
    XCTAssertEqual(try ClipmergeProcess.run(["frame", spec, "--at", "3.5", "-o", fromSpec, "-q"]).code, 0)
    let a = try XCTUnwrap(try PictureGrabber(path: fromSpec).picture(at: .zero))
    let b = try middle(["--transition", "push-left,1", "--transition-easing", "ease-in-out"])
    XCTAssertTrue(a.isIdentical(to: b))
    let bad = try ClipmergeProcess.run(["concat", FixtureFiles.path("base.mp4"), "--transition", "slide-sideways"])
    XCTAssertEqual(bad.code, 64)
  }
}
