import XCTest

import struct Composition.AffineTransform2D

@testable import Composition

final class KeyframedTests: XCTestCase {
  func s(_ text: String) -> MediaTime { MediaTime(parsing: text)! }

  func testRampFollowsAVFoundationSemantics() {
    var opacity = Keyframed(0.0)
    opacity.ramp(from: 0, to: 1, over: TimeRange(start: s("2.9"), duration: s("8")))
    XCTAssertEqual(opacity.value(at: s("0")), 0)
    XCTAssertEqual(opacity.value(at: s("2.9")), 0)
    XCTAssertEqual(opacity.value(at: s("6.9")), 0.5, accuracy: 1e-12)
    XCTAssertEqual(opacity.value(at: s("8.9")), 0.75, accuracy: 1e-12)
    // Half-open: at the ramp's end the end value holds, and stays.
    XCTAssertEqual(opacity.value(at: s("10.9")), 1)
    XCTAssertEqual(opacity.value(at: s("100")), 1)
  }

  func testSetHoldsFromItsTime() {
    var volume = Keyframed(1.0)
    volume.set(0.25, at: s("3"))
    XCTAssertEqual(volume.value(at: s("2.999")), 1)
    XCTAssertEqual(volume.value(at: s("3")), 0.25)
    XCTAssertEqual(volume.value(at: s("60")), 0.25)
  }

  func testChangesApplyInTimeOrderWhateverTheInsertionOrder() {
    var opacity = Keyframed(1.0)
    opacity.ramp(from: 1, to: 0, over: TimeRange(start: s("8"), duration: s("2")))
    opacity.ramp(from: 0, to: 1, over: TimeRange(start: s("0"), duration: s("2")))
    XCTAssertEqual(opacity.changes.map(\.start), [s("0"), s("8")])
    XCTAssertEqual(opacity.value(at: s("1")), 0.5, accuracy: 1e-12)
    XCTAssertEqual(opacity.value(at: s("5")), 1)
    XCTAssertEqual(opacity.value(at: s("9")), 0.5, accuracy: 1e-12)
    XCTAssertEqual(opacity.value(at: s("10")), 0)
  }

  func testTransformRampMovesLinearly() {
    var transform = Keyframed(AffineTransform2D.identity)
    transform.ramp(from: .identity, to: .translation(x: 100, y: 0), over: TimeRange(start: .zero, duration: s("4")))
    XCTAssertEqual(transform.value(at: s("1")).tx, 25, accuracy: 1e-9)
  }

  func testConstancy() {
    XCTAssertTrue(Keyframed(0.5).isConstant)
    var v = Keyframed(0.5)
    v.set(0.5, at: s("1"))
    XCTAssertTrue(v.isConstant)
    v.set(0.6, at: s("2"))
    XCTAssertFalse(v.isConstant)
  }
}
