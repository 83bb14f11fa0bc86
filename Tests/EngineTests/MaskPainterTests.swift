import CFFmpeg
import Composition
import XCTest

@testable import Engine

/// A masked layer: drawn whole, then put back outside its mask, mixed across a soft edge.
final class MaskPainterTests: XCTestCase {
  /// A 64×48 frame of luma `value` (chroma grey).
  func frame(_ value: UInt8) throws -> Frame {
    let frame = try Frame(width: 64, height: 48, format: AV_PIX_FMT_YUV420P)
    PlaneView(frame, plane: 0)?.fill(value)
    PlaneView(frame, plane: 1)?.fill(128)
    PlaneView(frame, plane: 2)?.fill(128)
    return frame
  }

  func luma(_ frame: Frame, _ x: Int, _ y: Int) -> Int { Int(PlaneView(frame, plane: 0)!.row(y)[x]) }

  func testRectangleHardAndSoftAndEllipse() throws {
    let painter = MaskPainter()
    let target = try frame(16)
    painter.save(target)
    PlaneView(target, plane: 0)?.fill(235)
    painter.restoreOutside(.rectangle, rect: Rect(x: 32, y: 0, width: 32, height: 48), feather: 0, in: target)
    XCTAssertEqual(luma(target, 31, 10), 16)
    XCTAssertEqual(luma(target, 32, 10), 235)
    // Half a pixel in: half covered.
    let half = try frame(16)
    painter.save(half)
    PlaneView(half, plane: 0)?.fill(216)
    painter.restoreOutside(.rectangle, rect: Rect(x: 32.5, y: 0, width: 32, height: 48), feather: 0, in: half)
    XCTAssertEqual(luma(half, 32, 10), 116)
    // A soft edge of 16 pixels: a ramp from x = 24 to 40.
    let soft = try frame(16)
    painter.save(soft)
    PlaneView(soft, plane: 0)?.fill(216)
    painter.restoreOutside(.rectangle, rect: Rect(x: 32, y: -100, width: 100, height: 300), feather: 16, in: soft)
    XCTAssertEqual(luma(soft, 23, 10), 16)
    XCTAssertEqual(luma(soft, 28, 10), 16 + 200 * 45 / 160, accuracy: 1)
    XCTAssertEqual(luma(soft, 40, 10), 216)
    // An ellipse: the circle of radius 10 about (32, 24).
    let round = try frame(16)
    painter.save(round)
    PlaneView(round, plane: 0)?.fill(235)
    painter.restoreOutside(.ellipse, rect: Rect(x: 22, y: 14, width: 20, height: 20), feather: 0, in: round)
    XCTAssertEqual(luma(round, 32, 24), 235)
    XCTAssertEqual(luma(round, 40, 24), 235)
    XCTAssertEqual(luma(round, 43, 24), 16)
    XCTAssertEqual(luma(round, 39, 31), 16, "beyond the circle on the diagonal")
    XCTAssertEqual(luma(round, 0, 0), 16)
    // Chroma follows at half size.
    XCTAssertEqual(Int(PlaneView(round, plane: 1)!.row(12)[16]), 128)
  }
}
