import Composition
import TestSupport
import XCTest

@testable import Engine

/// A composition with only audio tracks: the AAC stream is whole frames back to back, one short frame at the
/// very end, so the sound has no gaps.
final class AudioOnlyTests: XCTestCase {
  func testAudioOnlyOutputHasNoShortFramesMidStream() throws {
    let source = try RenderHelpers.source(0, "base.mp4")
    let length = MediaTime(seconds: 3)
    let composition = Composition(
      sources: [source],
      tracks: [
        Track(
          id: TrackID(1), kind: .audio,
          segments: [TrackSegment(source: source.id, sourceRange: TimeRange(start: .zero, duration: length), at: .zero)]
        )
      ], video: nil)
    let (out, report) = try RenderHelpers.render(composition, name: "audio.mp4")
    XCTAssertEqual(report.audioSamples, 3 * 48_000)
    let durations = try PacketList(path: out).packets(of: "audio").map(\.duration)
    // 144,000 samples after the encoder's 1,024 of priming: 141 frames of 1024 and one of 640.
    XCTAssertEqual(durations.count, 142)
    XCTAssertEqual(durations.dropLast().filter { $0 != 1024 }, [])
    // No gap: the 440 Hz tone is as loud in every block of 1024 samples.
    let samples = try AudioGrabber.samples(path: out, sampleRate: 48_000, channels: 2)[0]
    // No gap: a short frame mid-stream makes the encoder pad it with silence, 128 samples where the 440 Hz tone
    // (which is never near zero for more than a few samples) stops.
    var run = 0
    var longest = 0
    for sample in samples[2048..<samples.count - 2048] {
      run = abs(sample) < 0.005 ? run + 1 : 0
      longest = max(longest, run)
    }
    XCTAssertLessThan(longest, 12, "a gap of \(longest) silent samples")
  }
}
