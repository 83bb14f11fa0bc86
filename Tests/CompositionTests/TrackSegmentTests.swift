import XCTest

@testable import Composition

final class TrackSegmentTests: XCTestCase {
  func s(_ text: String) -> MediaTime { MediaTime(parsing: text)! }

  func testNormalSpeedMapsByOffset() {
    let segment = TrackSegment(
      source: SourceID(0), sourceRange: TimeRange(start: s("12.5"), duration: s("3")), at: s("10"))
    XCTAssertEqual(segment.compositionRange, TimeRange(start: s("10"), duration: s("3")))
    XCTAssertEqual(segment.sourceTime(at: s("11")), s("13.5"))
    XCTAssertEqual(segment.compositionTime(at: s("13.5")), s("11"))
  }

  func testSpeedChangeMapsProportionally() {
    // 2 s of source over 4 s of composition: half speed.
    let segment = TrackSegment(
      source: SourceID(0), sourceRange: TimeRange(start: s("1"), duration: s("2")),
      compositionRange: TimeRange(start: s("0"), duration: s("4")))
    XCTAssertEqual(segment.sourceTime(at: s("1")), s("1.5"))
    XCTAssertEqual(segment.sourceTime(at: s("1001/30000")), s("1") + s("1001/60000"))
    XCTAssertEqual(segment.compositionTime(at: s("2")), s("2"))
  }

  func testTrackFindsTheSegmentPlayingAndItsEnd() {
    let a = TrackSegment(source: SourceID(0), sourceRange: TimeRange(start: .zero, duration: s("2")), at: .zero)
    let b = TrackSegment(source: SourceID(1), sourceRange: TimeRange(start: .zero, duration: s("1.5")), at: s("2"))
    let track = Track(id: TrackID(1), kind: .video, segments: [a, b])
    XCTAssertEqual(track.segment(at: s("1.999")), a)
    XCTAssertEqual(track.segment(at: s("2")), b)
    XCTAssertNil(track.segment(at: s("3.5")))
    XCTAssertEqual(track.end, s("3.5"))
  }
}
