import Composition
import Foundation
import TestSupport
import XCTest

@testable import Engine

/// A GIF too long to keep its frames in memory is rendered twice: the same file as when they are kept.
final class GIFExporterTests: XCTestCase {
  func testRenderingTwiceWritesTheSameGIFAsKeepingTheFrames() throws {
    var recipe = ConcatRecipe(
      clips: [ConcatRecipe.Clip(source: try RenderHelpers.source(0, "gop.mp4"), start: nil, end: RenderHelpers.s("1"))])
    recipe.renderSize = PixelSize(width: 160, height: 120)
    let composition = try recipe.makeComposition()
    let folder = FixtureFiles.temporaryFolder()
    var files: [Data] = []
    for kept in [64_000_000, 0] {
      let path = folder.appendingPathComponent("\(kept).gif").path
      let target = try OutputSink(route: OutputRoute(path: path, container: .gif), overwrite: false)
      var gif = composition
      gif.export.container = .gif
      let report = try GIFExporter(
        composition: gif, target: target, strict: false, tables: try CubeTables(composition: gif), keptPixels: kept
      ).run(
        progress: { _ in }, isCancelled: { false })
      try target.commit()
      XCTAssertEqual(report.videoFrames, 30)
      files.append(try Data(contentsOf: URL(fileURLWithPath: path)))
    }
    XCTAssertGreaterThan(files[0].count, 1000)
    // Only the creation time could differ, and a GIF has none.
    XCTAssertEqual(files[0], files[1])
  }
}
