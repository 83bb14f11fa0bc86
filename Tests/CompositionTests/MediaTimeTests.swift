import XCTest

@testable import Composition

final class MediaTimeTests: XCTestCase {
  func t(_ v: Int64, _ s: Int32) -> MediaTime { MediaTime(value: v, timescale: s)! }

  func testStoresReducedSoEqualTimesAreEqual() {
    XCTAssertEqual(t(2, 4), t(1, 2))
    XCTAssertEqual(t(2, 4).value, 1)
    XCTAssertEqual(t(2, 4).timescale, 2)
    XCTAssertEqual(t(0, 7), .zero)
  }

  func testRefusesNonPositiveTimescale() {
    XCTAssertNil(MediaTime(value: 1, timescale: 0))
    XCTAssertNil(MediaTime(value: 1, timescale: -5))
  }

  /// As CMTime(seconds:preferredTimescale:): rounded to the nearest tick of the timescale asked for.
  func testSecondsWithAPreferredTimescaleRoundToItsTicks() {
    XCTAssertEqual(MediaTime(seconds: 1.5, preferredTimescale: 600), MediaTime(value: 3, timescale: 2))
    XCTAssertEqual(MediaTime(seconds: 1.0 / 3.0, preferredTimescale: 600), MediaTime(value: 200, timescale: 600))
    XCTAssertEqual(MediaTime(seconds: 0.0013, preferredTimescale: 1000), MediaTime(value: 1, timescale: 1000))
    XCTAssertEqual(MediaTime(seconds: -2.25, preferredTimescale: 4), MediaTime(value: -9, timescale: 4))
    XCTAssertEqual(MediaTime(seconds: .nan, preferredTimescale: 600), .zero)
    XCTAssertEqual(MediaTime(seconds: .infinity, preferredTimescale: 1).value, .max)
    XCTAssertEqual(MediaTime(seconds: 2, preferredTimescale: 0), MediaTime(seconds: 2))
  }

  func testArithmeticIsExactAcrossTimescales() {
    // 1001/30000 + 1/48000 = (1001*8 + 5) / 240000 = 8013/240000
    XCTAssertEqual(t(1001, 30000) + t(1, 48000), t(8013, 240_000))
    XCTAssertEqual(t(1, 3) - t(1, 6), t(1, 6))
    XCTAssertEqual(t(1001, 30000) * 30000, t(1001, 1))
  }

  func testThirtyThousandFramesAtNTSCRateSumExactly() {
    var sum = MediaTime.zero
    for _ in 0..<30000 { sum = sum + t(1001, 30000) }
    XCTAssertEqual(sum, MediaTime(seconds: 1001))
  }

  func testComparisonCrossMultiplies() {
    XCTAssertLessThan(t(1001, 30000), t(1, 29))
    XCTAssertGreaterThan(t(1, 29), t(1001, 30000))
    XCTAssertLessThan(t(-1, 2), .zero)
  }

  func testCountRounding() {
    let frame = t(1, 30)
    XCTAssertEqual(t(1, 10).count(of: frame, rounding: .down), 3)
    XCTAssertEqual(t(101, 1000).count(of: frame, rounding: .down), 3)
    XCTAssertEqual(t(101, 1000).count(of: frame, rounding: .up), 4)
    XCTAssertEqual(t(4, 1).count(of: frame, rounding: .up), 120)
    XCTAssertEqual(t(-1, 60).count(of: frame, rounding: .down), -1)
  }

  func testTicksAtSampleRate() {
    XCTAssertEqual(t(1037, 1000).ticks(atRate: 44100), 45732)  // 45731.7 rounds up
    XCTAssertEqual(t(1037, 1000).ticks(atRate: 44100, rounding: .down), 45731)
    XCTAssertEqual(MediaTime.ticks(45732, rate: 44100), t(45732, 44100))
  }

  func testScaledMapsBetweenRanges() {
    // Half a 2 s source range played over 4 s: offset 1 s maps to 0.5 s.
    XCTAssertEqual(MediaTime(seconds: 1).scaled(by: MediaTime(seconds: 2), over: MediaTime(seconds: 4)), t(1, 2))
    XCTAssertNil(MediaTime(seconds: 1).scaled(by: MediaTime(seconds: 2), over: .zero))
  }

  func testResultTooFineForInt32TimescaleRoundsToFlicks() {
    let a = t(1, 2_147_483_647)
    let b = t(1, 2_147_483_629)
    let sum = a + b
    XCTAssertEqual(sum.timescale, MediaTime.fallbackTimescale)
    XCTAssertEqual(sum.seconds, a.seconds + b.seconds, accuracy: 1e-9)
  }

  func testRatio() {
    XCTAssertEqual(t(1, 4).ratio(to: t(1, 2)), 0.5)
    XCTAssertEqual(t(1, 4).ratio(to: .zero), 0)
  }

  func testParsesSecondsExactly() {
    XCTAssertEqual(MediaTime(parsing: "2.9"), t(29, 10))
    XCTAssertEqual(MediaTime(parsing: "12"), MediaTime(seconds: 12))
    XCTAssertEqual(MediaTime(parsing: ".5"), t(1, 2))
    XCTAssertEqual(MediaTime(parsing: "0.000000001"), t(1, 1_000_000_000))
  }

  func testParsesTimecodes() {
    XCTAssertEqual(MediaTime(parsing: "1:02.5"), t(125, 2))
    XCTAssertEqual(MediaTime(parsing: "01:02:03.25"), t(3723 * 4 + 1, 4))
    XCTAssertEqual(MediaTime(parsing: "1:40"), MediaTime(seconds: 100))
  }

  func testParsesRationals() {
    XCTAssertEqual(MediaTime(parsing: "1001/30000"), t(1001, 30000))
  }

  func testRejectsMalformedTimes() {
    for text in ["", "-1", "+2", "abc", "1:60", "1:60:00", "1/0", "1.2.3", "1:2:3:4", "1e3", "1/-2", " ", "1:", "."] {
      XCTAssertNil(MediaTime(parsing: text), "'\(text)' should not parse")
    }
  }

  func testDescription() {
    XCTAssertEqual(t(1001, 30000).description, "1001/30000")
    XCTAssertEqual(MediaTime(seconds: 3).description, "3")
  }
}
