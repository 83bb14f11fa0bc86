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

  /// A frame of luma 16 with a layer of luma `drawn` drawn all over it, then limited to the mask.
  func masked(_ shape: LayerMask.Shape, _ rect: Rect, feather: Double = 0, drawn: UInt8) throws -> Frame {
    let painter = MaskPainter()
    let target = try frame(16)
    painter.save(target)
    PlaneView(target, plane: 0)?.fill(drawn)
    painter.restoreOutside(shape, rect: rect, feather: feather, in: target)
    return target
  }

  func testRectangleHardAndSoftAndEllipse() throws {
    let hard = try masked(.rectangle, Rect(x: 32, y: 0, width: 32, height: 48), drawn: 235)
    XCTAssertEqual(luma(hard, 31, 10), 16)
    XCTAssertEqual(luma(hard, 32, 10), 235)
    // Half a pixel in: half covered.
    let half = try masked(.rectangle, Rect(x: 32.5, y: 0, width: 32, height: 48), drawn: 216)
    XCTAssertEqual(luma(half, 32, 10), 116)
    // A soft edge of 16 pixels: a ramp from x = 24 to 40.
    let soft = try masked(.rectangle, Rect(x: 32, y: -100, width: 100, height: 300), feather: 16, drawn: 216)
    XCTAssertEqual(luma(soft, 23, 10), 16)
    XCTAssertEqual(luma(soft, 28, 10), 16 + 200 * 45 / 160, accuracy: 1)
    XCTAssertEqual(luma(soft, 40, 10), 216)
    // An ellipse: the circle of radius 10 about (32, 24).
    let round = try masked(.ellipse, Rect(x: 22, y: 14, width: 20, height: 20), drawn: 235)
    XCTAssertEqual(luma(round, 32, 24), 235)
    XCTAssertEqual(luma(round, 40, 24), 235)
    XCTAssertEqual(luma(round, 43, 24), 16)
    XCTAssertEqual(luma(round, 39, 31), 16, "beyond the circle on the diagonal")
    XCTAssertEqual(luma(round, 0, 0), 16)
    // Chroma follows at half size.
    XCTAssertEqual(Int(PlaneView(round, plane: 1)!.row(12)[16]), 128)
  }
}
