import Composition
import Engine
import TestSupport
import XCTest

/// Keyframe times from the container's index: presentation times, the B-picture delay accounted for.
final class SyncSampleIndexTests: XCTestCase {
  func testKeyframesShowWhereTheyAre() throws {
    // gop.mp4: a keyframe every 2 s over 10 s, three B pictures (decode times run 2 frames ahead).
    XCTAssertEqual(SyncSampleIndex.times(of: FixtureFiles.path("gop.mp4")), (0..<5).map { MediaTime(seconds: 2 * $0) })
    XCTAssertEqual(SyncSampleIndex.times(of: FixtureFiles.path("music.m4a")), [])
    XCTAssertEqual(SyncSampleIndex.times(of: "/no/such/file.mp4"), [])
  }
}
