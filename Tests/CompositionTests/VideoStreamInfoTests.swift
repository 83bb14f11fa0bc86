import XCTest

import struct Composition.AffineTransform2D

@testable import Composition

final class VideoStreamInfoTests: XCTestCase {
  func info(_ w: Int, _ h: Int, turns: Int = 0, mirrored: Bool = false, sar: (Int, Int) = (1, 1)) -> VideoStreamInfo {
    VideoStreamInfo(
      codec: "h264", width: w, height: h, sampleAspectNum: sar.0, sampleAspectDen: sar.1,
      orientation: Orientation(quarterTurns: turns, mirrored: mirrored), nominalFrameDuration: nil)
  }

  func point(_ t: AffineTransform2D, _ x: Double, _ y: Double) -> [Double] {
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

  /// A variable rate with its closest frames' spacing measured: the standard rate nearest that spacing and at
  /// most 3% slower, so no frame is dropped (not the rate nearest the average, which drops or doubles).
  func testPreferredFrameDurationOfVariableRateFollowsTheClosestFrames() {
    var i = info(10, 10)
    i.nominalFrameDuration = MediaTime(value: 1, timescale: 30)
    i.averageFrameDuration = MediaTime(value: 19, timescale: 200)
    i.shortFrameSpacing = MediaTime(value: 6000, timescale: 90000)
    XCTAssertEqual(i.preferredFrameDuration, MediaTime(value: 1, timescale: 15))
    i.shortFrameSpacing = MediaTime(value: 3000, timescale: 90000)
    XCTAssertEqual(i.preferredFrameDuration, MediaTime(value: 1, timescale: 30))
    // 10.5 fps: 10 fps would be 5% slower, so 12.
    i.shortFrameSpacing = MediaTime(value: 8571, timescale: 90000)
    XCTAssertEqual(i.preferredFrameDuration, MediaTime(value: 1, timescale: 12))
    // 2983 ticks (30.17 fps, a phone's jitter): 30 fps is within 3%.
    i.shortFrameSpacing = MediaTime(value: 2983, timescale: 90000)
    XCTAssertEqual(i.preferredFrameDuration, MediaTime(value: 1, timescale: 30))
    // Closer than 120 fps: 120.
    i.shortFrameSpacing = MediaTime(value: 1, timescale: 240)
    XCTAssertEqual(i.preferredFrameDuration, MediaTime(value: 1, timescale: 120))
  }
}
