import Composition
import XCTest

@testable import Engine

/// The look-ahead limiter behind `--loudness`: the true peak it leaves (measured by libebur128's 4x oversampled
/// meter, not by our own interpolation), the delay it adds, and that sound under the ceiling passes unchanged.
final class TruePeakLimiterTests: XCTestCase {
  let format = AudioFormat(sampleRate: 48_000, channels: 2)

  /// `seconds` of a tone at a quarter of the sample rate, phased so every sample falls at ±0.707 of `amplitude`:
  /// the true peak (between samples) is 3 dB above the sample peak.
  func quarterRateTone(amplitude: Float, count: Int) -> [[Float]] {
    let tone = (0..<count).map { amplitude * sin(Float.pi / 2 * Float($0) + Float.pi / 4) }
    return [tone, tone]
  }

  func limited(_ input: [[Float]], ceiling: Float) -> [[Float]] {
    var limiter = TruePeakLimiter(ceiling: ceiling, channels: 2, sampleRate: 48_000)
    var output = input
    var done = 0
    while done < input[0].count {
      let count = min(1024, input[0].count - done)
      var block = input.map { Array($0[done..<done + count]) }
      limiter.process(&block, count: count)
      for c in 0..<2 { output[c].replaceSubrange(done..<done + count, with: block[c]) }
      done += count
    }
    return output
  }

  func truePeak(_ channels: [[Float]]) throws -> Double {
    let meter = try LoudnessMeter(format: format, truePeak: true)
    try meter.add(channels, count: channels[0].count)
    return meter.truePeak
  }

  func testInterSamplePeaksAreHeldUnderTheCeiling() throws {
    let input = quarterRateTone(amplitude: 1.2, count: 48_000)
    XCTAssertLessThan(input[0].map(abs).max() ?? 0, 0.9, "every sample is under the ceiling")
    XCTAssertGreaterThan(try truePeak(input), 1.15, "but the peaks between them are far above it")
    let output = limited(input, ceiling: 0.8)
    XCTAssertLessThanOrEqual(try truePeak(output), 0.8 * 1.01)
    // After the attack the tone is still there, just lower: about ceiling / true peak of it.
    let settled = output[0][24_000..<24_100].map(abs).max() ?? 0
    XCTAssertEqual(Double(settled), 0.8 * 0.707, accuracy: 0.03)
  }

  func testTheOutputIsTheInputDelayedByTheLatencyWhenUnderTheCeiling() {
    var input = quarterRateTone(amplitude: 0.3, count: 4_000)
    input[1] = input[1].map { -$0 }
    let output = limited(input, ceiling: 0.9)
    let latency = TruePeakLimiter.latency
    for c in 0..<2 {
      XCTAssertEqual(Array(output[c][..<latency]), [Float](repeating: 0, count: latency))
      XCTAssertEqual(Array(output[c][latency...]), Array(input[c][..<(4_000 - latency)]))
    }
  }

  /// A single loud click in silence: the gain is already down when it arrives (no sample of it passes the
  /// ceiling) and back to 1 within a second.
  func testAClickIsCaughtBeforeItArrivesAndTheGainRecovers() throws {
    var input = [[Float]](repeating: [Float](repeating: 0.1, count: 96_000), count: 2)
    for c in 0..<2 { input[c][10_000] = 2 }
    let output = limited(input, ceiling: 0.5)
    let latency = TruePeakLimiter.latency
    XCTAssertLessThanOrEqual(output[0].map(abs).max() ?? 0, 0.5)
    XCTAssertEqual(output[0][10_000 + latency], 0.5, accuracy: 0.01)
    XCTAssertEqual(output[0][90_000], 0.1, accuracy: 0.001, "recovered")
  }
}
