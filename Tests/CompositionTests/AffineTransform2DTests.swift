import XCTest

import struct Composition.AffineTransform2D

@testable import Composition

final class AffineTransform2DTests: XCTestCase {
  func testConcatenationAppliesSelfFirst() {
    let t = AffineTransform2D.scale(x: 2, y: 3).concatenating(.translation(x: 10, y: 20))
    let p = t.apply(x: 1, y: 1)
    XCTAssertEqual(p.x, 12)
    XCTAssertEqual(p.y, 23)
  }

  func testQuarterTurnsAreExactAndClockwiseOnScreen() {
    // y points down: turning (1, 0) a quarter clockwise gives (0, 1).
    let p = AffineTransform2D.rotation(degrees: 90).apply(x: 1, y: 0)
    XCTAssertEqual(p.x, 0)
    XCTAssertEqual(p.y, 1)
    XCTAssertEqual(AffineTransform2D.rotation(degrees: -90), .rotation(degrees: 270))
    XCTAssertEqual(AffineTransform2D.rotation(degrees: 360), .identity)
  }

  func testInverseUndoes() throws {
    let t = AffineTransform2D.rotation(degrees: 30).concatenating(.scale(x: 0.5, y: 2)).concatenating(
      .translation(x: 7, y: -3))
    let inverse = try XCTUnwrap(t.inverted())
    let p = t.apply(x: 13, y: 4)
    let back = inverse.apply(x: p.x, y: p.y)
    XCTAssertEqual(back.x, 13, accuracy: 1e-9)
    XCTAssertEqual(back.y, 4, accuracy: 1e-9)
  }

  func testSingularTransformHasNoInverse() {
    XCTAssertNil(AffineTransform2D.scale(x: 0, y: 1).inverted())
    XCTAssertNil(AffineTransform2D(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0).inverted())
  }

  func testBoundingBoxOfRotatedRectangle() {
    let box = AffineTransform2D.rotation(degrees: 90).boundingBox(width: 4, height: 2)
    XCTAssertEqual(box, Rect(x: -2, y: 0, width: 2, height: 4))
  }

  func testInterpolationIsComponentWise() {
    let t = AffineTransform2D.identity.interpolated(to: .translation(x: 10, y: 20), fraction: 0.25)
    XCTAssertEqual(t, .translation(x: 2.5, y: 5))
  }
}
