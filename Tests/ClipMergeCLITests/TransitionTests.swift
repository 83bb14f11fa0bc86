import Composition
import Engine
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

  func testAWipeSplitsTheFrameAtTheMiddleColumn() throws {
    // wipe-left: the edge moves left, the incoming clip to its right; half way, at column 160 exactly.
    let left = try middle(["--transition", "wipe-left,1"])
    for y in [0, 120, 239] {
      XCTAssertFalse(try isIncoming(left, 159, y), "row \(y)")
      XCTAssertTrue(try isIncoming(left, 160, y), "row \(y)")
    }
    XCTAssertFalse(try isIncoming(left, 0, 120))
    XCTAssertTrue(try isIncoming(left, 319, 120))
    let right = try middle(["--transition", "wipe-right,1"])
    XCTAssertTrue(try isIncoming(right, 159, 120))
    XCTAssertFalse(try isIncoming(right, 160, 120))
    let up = try middle(["--transition", "wipe-up,1"])
    XCTAssertFalse(try isIncoming(up, 160, 119))
    XCTAssertTrue(try isIncoming(up, 160, 120))
    // A soft edge 40 pixels wide: half and half at the middle, each clip whole 20 pixels either side.
    let outgoing = try XCTUnwrap(left.yuv(x: 10, y: 120)).y
    let incoming = try XCTUnwrap(left.yuv(x: 310, y: 120)).y
    let soft = try middle(["--transition", "wipe-left,1,40"])
    XCTAssertEqual(try XCTUnwrap(soft.yuv(x: 160, y: 120)).y, (outgoing + incoming) / 2, accuracy: 8)
    XCTAssertEqual(try XCTUnwrap(soft.yuv(x: 138, y: 120)).y, outgoing, accuracy: 2)
    XCTAssertEqual(try XCTUnwrap(soft.yuv(x: 182, y: 120)).y, incoming, accuracy: 2)
    XCTAssertEqual(try XCTUnwrap(soft.yuv(x: 150, y: 120)).y, outgoing + (incoming - outgoing) / 4, accuracy: 8)
  }

  func testCirclesOpenAndCloseFromTheCentreAndZoomInGrowsAndFades() throws {
    // Half way, the iris's radius is half of the half-diagonal (200) plus a pixel: 100.5.
    let open = try middle(["--transition", "circle-open,1"])
    XCTAssertTrue(try isIncoming(open, 160, 120))
    XCTAssertTrue(try isIncoming(open, 160 + 97, 120))
    XCTAssertTrue(try isIncoming(open, 160, 120 + 97))
    XCTAssertFalse(try isIncoming(open, 160 + 104, 120))
    XCTAssertFalse(try isIncoming(open, 160 + 72, 120 + 72), "outside the circle on the diagonal")
    XCTAssertFalse(try isIncoming(open, 0, 0))
    let close = try middle(["--transition", "circle-close,1"])
    XCTAssertFalse(try isIncoming(close, 160, 120))
    XCTAssertFalse(try isIncoming(close, 160 + 97, 120))
    XCTAssertTrue(try isIncoming(close, 160 + 104, 120))
    XCTAssertTrue(try isIncoming(close, 319, 239))
    // zoom-in: the outgoing clip at half opacity over the incoming one, everywhere (it only grows).
    let zoom = try middle(["--transition", "zoom-in,1"])
    let outgoing = try XCTUnwrap(open.yuv(x: 0, y: 0)).y
    let incoming = try XCTUnwrap(open.yuv(x: 160, y: 120)).y
    for (x, y) in [(0, 0), (160, 120), (319, 239)] {
      XCTAssertEqual(try XCTUnwrap(zoom.yuv(x: x, y: y)).y, (outgoing + incoming) / 2, accuracy: 3, "(\(x), \(y))")
    }
  }

  func testEachJointCanHaveItsOwnTransition() throws {
    // base (4 s), overlay (3 s), base: a wipe over [3 s, 4 s), an iris over [5 s, 6 s); 9 s in all.
    let clips = [FixtureFiles.path("base.mp4"), FixtureFiles.path("overlay.mp4"), FixtureFiles.path("base.mp4")]
    let options = clips + ["--transition", "wipe-left,1", "--transition", "circle-open,1"]
    let path = folder.appendingPathComponent("joints-%d.png").path
    let made = try ClipmergeProcess.run(["frame", "--at", "3.5,5.5", "-o", path, "-q", "--", "concat"] + options)
    XCTAssertEqual(made.code, 0, made.stderr)
    let wipe = try XCTUnwrap(
      try PictureGrabber(path: path.replacingOccurrences(of: "%d", with: "1")).picture(at: .zero))
    XCTAssertFalse(try isIncoming(wipe, 159, 120))
    XCTAssertTrue(try isIncoming(wipe, 160, 120))
    let iris = try XCTUnwrap(
      try PictureGrabber(path: path.replacingOccurrences(of: "%d", with: "2")).picture(at: .zero))
    // The overlay (yellow) goes out, the base (blue) comes in at the centre.
    XCTAssertFalse(try isIncoming(iris, 160, 120))
    XCTAssertTrue(try isIncoming(iris, 5, 5))
    let plan = try ClipmergeProcess.run(["concat"] + options + ["--dry-run", "-o", "x.mp4"])
    XCTAssertTrue(plan.stdout.contains("270 frames, 9.000 s"), plan.stdout)
    let wrong = try ClipmergeProcess.run(
      ["concat"] + clips + [
        "--transition", "crossfade", "--transition", "crossfade", "--transition", "crossfade", "-o", "x.mp4",
      ])
    XCTAssertEqual(wrong.code, 64)
    XCTAssertEqual(
      wrong.stderr,
      "clipmerge: error: 3 --transition options for 2 joints: give one for all the joints or one for each\n")
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
