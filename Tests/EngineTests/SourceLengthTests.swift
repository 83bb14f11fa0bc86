import Composition
import TestSupport
import XCTest

@testable import Engine

/// A source lasts as far as its streams' data really go, whatever its header says: a Matroska recording cut off
/// keeps the 30 s it was meant to have in its header; a WebM written live states no length at all.
final class SourceLengthTests: XCTestCase {
  func testCutOffMatroskaLastsAsFarAsItsData() throws {
    let info = try MediaProbe.probe(FixtureFiles.path("cut-off.mkv"))
    let stated = try XCTUnwrap(info.statedDuration)
    XCTAssertGreaterThan(stated.seconds, 29.9)
    // 60,000 bytes of 30 s: a couple of seconds of pictures and sound.
    XCTAssertGreaterThan(info.duration.seconds, 1)
    XCTAssertLessThan(info.duration.seconds, 5)
    let report = try MediaProbe.report(FixtureFiles.path("cut-off.mkv"))
    XCTAssertEqual(report.duration ?? 0, info.duration.seconds, accuracy: 0.001)
    XCTAssertEqual(report.statedDuration ?? 0, stated.seconds, accuracy: 0.001)
    // Rendered, it lasts as long as its data (whole frames of 1/25 s), not 30 s of one frozen picture.
    let recipe = ConcatRecipe(clips: [.init(source: try RenderHelpers.source(0, "cut-off.mkv"))])
    let (_, rendered) = try RenderHelpers.render(try recipe.makeComposition(), name: "cut.mp4")
    XCTAssertEqual(rendered.duration.seconds, info.duration.seconds, accuracy: 0.04)
  }

  func testLiveWebMWithoutDurationOrCuesPlays() throws {
    let path = FixtureFiles.path("live.webm")
    let info = try MediaProbe.probe(path)
    XCTAssertNil(info.statedDuration)
    // 3 s of pictures at 25 fps; Opus starts 6.5 ms early, so the last packet ends near 3.01 s.
    XCTAssertEqual(info.duration.seconds, 3, accuracy: 0.03)
    let recipe = ConcatRecipe(clips: [.init(source: try RenderHelpers.source(0, "live.webm"))])
    let (out, report) = try RenderHelpers.render(try recipe.makeComposition(), name: "live.mp4")
    XCTAssertEqual(report.duration.seconds, 3, accuracy: 0.05)
    XCTAssertEqual(try PictureGrabber.frameTimes(path: out).count, Int(report.videoFrames))
    XCTAssertGreaterThanOrEqual(report.videoFrames, 75)
  }

  func testWholeFilesKeepTheirHeaderLength() throws {
    for name in ["base.mp4", "tiny.webm"] {
      let info = try MediaProbe.probe(FixtureFiles.path(name))
      XCTAssertNil(info.statedDuration, name)
    }
    XCTAssertEqual(try MediaProbe.probe(FixtureFiles.path("base.mp4")).duration, MediaTime(seconds: 4))
  }
}
