import Composition
import Engine
import TestSupport
import XCTest

/// Layers showing the same pictures of one source at the same times are decoded once: the damage of a damaged
/// clip shown on three layers is counted once, as for one layer; shown half a second apart, it is decoded twice.
final class ReaderSharingTests: XCTestCase {
  private func damageCount(layerStarts: [String]) throws -> Int {
    let source = try RenderHelpers.source(0, "damaged.mp4")
    // The whole clip: every reader reads to the file's end, so how far a decode-ahead thread got past a segment's
    // end when it was stopped cannot change the count (damage at 2.9 s was counted or not, by a race).
    let duration = RenderHelpers.s("4")
    let tracks = layerStarts.enumerated().map { index, start in
      Track(
        id: TrackID(index + 1), kind: .video,
        segments: [
          TrackSegment(
            source: source.id, sourceRange: TimeRange(start: .zero, duration: duration),
            at: RenderHelpers.s(start))
        ])
    }
    let layers = tracks.map { LayerInstruction(trackID: $0.id, transform: Keyframed(.scale(x: 0.5, y: 0.5))) }
    let video = VideoComposition(
      renderSize: PixelSize(width: 320, height: 240), frameDuration: MediaTime.ticks(1, rate: 30),
      instructions: [
        VideoCompositionInstruction(
          timeRange: TimeRange(start: .zero, duration: RenderHelpers.s("4.5")), layers: layers)
      ])
    var composition = Composition(sources: [source], tracks: tracks, video: video)
    composition.export.preset = "ultrafast"
    let (_, report) = try RenderHelpers.render(composition)
    return report.damage.first?.count ?? 0
  }

  func testLayersAtTheSameTimesShareOneDecoder() throws {
    let once = try damageCount(layerStarts: ["0"])
    XCTAssertGreaterThan(once, 0, "damaged.mp4 has damage to count")
    XCTAssertEqual(try damageCount(layerStarts: ["0", "0", "0"]), once)
    XCTAssertEqual(try damageCount(layerStarts: ["0", "0.5"]), 2 * once)
  }
}
