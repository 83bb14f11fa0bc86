import XCTest

@testable import Composition

final class TimeRangeTests: XCTestCase {
  let range = TimeRange(start: MediaTime(seconds: 1), duration: MediaTime(seconds: 2))

  func testIsHalfOpen() {
    XCTAssertTrue(range.contains(MediaTime(seconds: 1)))
    XCTAssertTrue(range.contains(MediaTime(value: 2999, timescale: 1000)!))
    XCTAssertFalse(range.contains(MediaTime(seconds: 3)))
    XCTAssertFalse(range.contains(MediaTime(value: 999, timescale: 1000)!))
    XCTAssertEqual(range.end, MediaTime(seconds: 3))
  }

  func testTouchingRangesDoNotOverlap() {
    let next = TimeRange(start: MediaTime(seconds: 3), duration: MediaTime(seconds: 1))
    XCTAssertFalse(range.overlaps(next))
    XCTAssertNil(range.intersection(next))
    let inside = TimeRange(start: MediaTime(value: 29, timescale: 10)!, duration: MediaTime(seconds: 1))
    XCTAssertTrue(range.overlaps(inside))
    XCTAssertEqual(
      range.intersection(inside), TimeRange(start: MediaTime(value: 29, timescale: 10)!, end: MediaTime(seconds: 3)))
  }

  func testEmptyRangeOverlapsNothing() {
    let empty = TimeRange(start: MediaTime(seconds: 2), duration: .zero)
    XCTAssertTrue(empty.isEmpty)
    XCTAssertFalse(range.overlaps(empty))
    XCTAssertFalse(empty.contains(MediaTime(seconds: 2)))
  }
}
