import XCTest

import struct Composition.AffineTransform

@testable import Composition

final class VideoStreamInfoTests: XCTestCase {
  func info(_ w: Int, _ h: Int, turns: Int = 0, mirrored: Bool = false, sar: (Int, Int) = (1, 1)) -> VideoStreamInfo {
    VideoStreamInfo(
      codec: "h264", width: w, height: h, sampleAspectNum: sar.0, sampleAspectDen: sar.1,
      orientation: Orientation(quarterTurns: turns, mirrored: mirrored), nominalFrameDuration: nil)
  }

  func point(_ t: AffineTransform, _ x: Double, _ y: Double) -> [Double] {
    let p = t.apply(x: x, y: y)
    return [p.x, p.y]
  }

  func testUprightIsIdentity() {
    XCTAssertEqual(info(1920, 1080).preferredTransform, .identity)
    XCTAssertEqual(info(1920, 1080).displaySize, PixelSize(width: 1920, height: 1080))
  }

  func testQuarterTurnClockwisePutsTheTopLeftAtTheTopRight() {
    let i = info(1920, 1080, turns: 1)
    XCTAssertEqual(i.displaySize, PixelSize(width: 1080, height: 1920))
    XCTAssertEqual(point(i.preferredTransform, 0, 0), [1080, 0])
    XCTAssertEqual(point(i.preferredTransform, 1920, 0), [1080, 1920])
  }

  func testHalfTurnAndThreeQuarterTurn() {
    XCTAssertEqual(point(info(100, 50, turns: 2).preferredTransform, 0, 0), [100, 50])
    let t = info(100, 50, turns: 3).preferredTransform
    XCTAssertEqual(point(t, 0, 0), [0, 100])
    XCTAssertEqual(info(100, 50, turns: 3).displaySize, PixelSize(width: 50, height: 100))
  }

  func testMirrorFlipsLeftAndRight() {
    let t = info(100, 50, mirrored: true).preferredTransform
    XCTAssertEqual(point(t, 0, 0), [100, 0])
    XCTAssertEqual(point(t, 100, 50), [0, 50])
  }

  func testSampleAspectWidensBeforeTurning() {
    let anamorphic = info(720, 576, sar: (16, 15))
    XCTAssertEqual(anamorphic.displaySize, PixelSize(width: 768, height: 576))
    XCTAssertEqual(info(720, 576, turns: 1, sar: (16, 15)).displaySize, PixelSize(width: 576, height: 768))
  }

  func testPreferredFrameDurationKeepsNominalRateForConstantRate() {
    var i = info(10, 10)
    i.nominalFrameDuration = MediaTime(value: 1001, timescale: 30000)
    i.averageFrameDuration = MediaTime(value: 1000, timescale: 29970)
    XCTAssertEqual(i.preferredFrameDuration, MediaTime(value: 1001, timescale: 30000))
  }

  func testPreferredFrameDurationSnapsVariableRateToCommonRate() {
    var i = info(10, 10)
    i.nominalFrameDuration = MediaTime(value: 1, timescale: 120)
    i.averageFrameDuration = MediaTime(value: 1000, timescale: 29877)
    XCTAssertEqual(i.preferredFrameDuration, MediaTime(value: 1001, timescale: 30000))
    i.averageFrameDuration = MediaTime(value: 1000, timescale: 13325)
    XCTAssertEqual(i.preferredFrameDuration, MediaTime(value: 1001, timescale: 24000))
  }
}
