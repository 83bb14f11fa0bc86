import Composition
import Engine
import TestSupport
import XCTest

/// Shared steps of the render tests: probe fixtures into sources, render, read pixels back.
enum RenderHelpers {
  static func source(_ id: Int, _ name: String) throws -> Source {
    let path = FixtureFiles.path(name)
    return Source(id: SourceID(id), path: path, info: try MediaProbe.probe(path))
  }

  static func s(_ text: String) -> MediaTime { MediaTime(parsing: text)! }

  /// A fast recipe for tests: ultrafast preset at high quality so flat colours survive encoding.
  static func recipe(base: String, overlay: String) throws -> OverlayRecipe {
    var recipe = OverlayRecipe(base: try source(0, base), overlay: try source(1, overlay))
    recipe.export.preset = "ultrafast"
    recipe.export.crf = 12
    return recipe
  }

  @discardableResult
  static func render(_ composition: Composition, name: String = "out.mov") throws -> (
    path: String, report: ExportReport
  ) {
    let path = FixtureFiles.temporaryFolder().appendingPathComponent(name).path
    let report = try Exporter(
      composition: composition, route: OutputRoute(path: path, container: .mov), overwrite: false
    ).run()
    return (path, report)
  }

  /// The picture of `path` at each of `times` (ascending).
  static func pictures(_ path: String, at times: [MediaTime]) throws -> [PictureSample] {
    let grabber = try PictureGrabber(path: path)
    return try times.map { try XCTUnwrap(grabber.picture(at: $0)) }
  }

  /// Asserts a pixel's Y, Cb, Cr are each within `tolerance` of `expected`.
  static func assertPixel(
    _ picture: PictureSample, _ x: Int, _ y: Int, near expected: (y: Int, u: Int, v: Int), tolerance: Int = 3,
    _ message: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    guard let got = picture.yuv(x: x, y: y) else {
      return XCTFail("(\(x), \(y)) outside the picture", file: file, line: line)
    }
    let ok =
      abs(got.y - expected.y) <= tolerance && abs(got.u - expected.u) <= tolerance
      && abs(got.v - expected.v) <= tolerance
    XCTAssertTrue(
      ok, "\(message): pixel (\(x), \(y)) is \(got), expected \(expected) ±\(tolerance)", file: file, line: line)
  }

  /// `a` blended toward `b` by `alpha`.
  static func blend(_ a: (y: Int, u: Int, v: Int), _ b: (y: Int, u: Int, v: Int), _ alpha: Double) -> (
    y: Int, u: Int, v: Int
  ) {
    func mix(_ p: Int, _ q: Int) -> Int { Int((Double(p) + Double(q - p) * alpha).rounded()) }
    return (mix(a.y, b.y), mix(a.u, b.u), mix(a.v, b.v))
  }
}
