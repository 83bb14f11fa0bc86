import CFFmpeg
import Composition
import XCTest

import struct Composition.AffineTransform2D

@testable import Engine

/// The compositor's background: shown wherever the layers leave a pixel uncovered or see-through, and skipped
/// only where an opaque layer replaces the whole frame.
final class CompositorTests: XCTestCase {
  private let matrix = ColorMatrix.bt709
  private let blue = Color(red: 0, green: 0, blue: 255)

  private func flat(_ width: Int, _ height: Int, luma: UInt8) throws -> Frame {
    let frame = try Frame(width: width, height: height, format: AV_PIX_FMT_YUV420P)
    PlaneView(frame, plane: 0)?.fill(luma)
    PlaneView(frame, plane: 1)?.fill(128)
    PlaneView(frame, plane: 2)?.fill(128)
    return frame
  }

  private func compose(_ layers: [(Frame, AffineTransform2D, Double)]) throws -> Frame {
    let compositor = Compositor(matrix: matrix, scalers: ScalerCache())
    let target = try flat(64, 48, luma: 77)  // stale content from an earlier frame
    let draws = layers.enumerated().map { index, layer in
      LayerDraw(track: TrackID(index + 1), serial: 1, picture: layer.0, transform: layer.1, opacity: layer.2)
    }
    try compositor.compose(draws, background: blue, into: target)
    return target
  }

  private func luma(_ frame: Frame, _ x: Int, _ y: Int) -> UInt8 { PlaneView(frame, plane: 0)!.row(y)[x] }
  private func cb(_ frame: Frame, _ x: Int, _ y: Int) -> UInt8 { PlaneView(frame, plane: 1)!.row(y / 2)[x / 2] }

  func testOpaqueFullFrameLayerReplacesEveryPixel() throws {
    let out = try compose([(try flat(64, 48, luma: 200), .identity, 1)])
    for (x, y) in [(0, 0), (63, 47), (31, 20)] {
      XCTAssertEqual(luma(out, x, y), 200)
      XCTAssertEqual(cb(out, x, y), 128)
    }
  }

  func testUncoveredAndSeeThroughPixelsShowTheBackgroundNotStaleContent() throws {
    let background = matrix.yuv(red: 0, green: 0, blue: 255)
    // Two pixels short of the right edge, and a covering layer at opacity 0.5.
    let short = try compose([(try flat(62, 48, luma: 200), .identity, 1)])
    XCTAssertEqual(luma(short, 10, 10), 200)
    XCTAssertEqual(luma(short, 63, 10), background.y)
    XCTAssertEqual(cb(short, 63, 10), background.u)
    let half = try compose([(try flat(64, 48, luma: 200), .identity, 0.5)])
    XCTAssertEqual(Int(luma(half, 10, 10)), (Int(background.y) + 200 + 1) / 2, accuracy: 1)
    // An opaque full-frame layer over another: the top one wins; a shifted one on an odd offset still
    // leaves no chroma sample stale.
    let stacked = try compose([
      (try flat(64, 48, luma: 90), .identity, 1), (try flat(66, 50, luma: 150), .translation(x: -1, y: -1), 1),
    ])
    XCTAssertEqual(luma(stacked, 0, 0), 150)
    XCTAssertEqual(luma(stacked, 63, 47), 150)
    XCTAssertEqual(cb(stacked, 63, 47), 128)
  }

  func testShrinkingAFinePatternAveragesItInsteadOfAliasing() throws {
    // One-pixel columns of 16 and 235, shrunk eightfold: straight and turned 10°. A point sampler would land
    // on one colour or the other; a filtered shrink gives the mean (125) inside the layer.
    let stripes = try flat(256, 192, luma: 0)
    let plane = try XCTUnwrap(PlaneView(stripes, plane: 0))
    for y in 0..<192 {
      for x in 0..<256 { plane.row(y)[x] = x % 2 == 0 ? 16 : 235 }
    }
    let straight = try compose([(stripes, .scale(x: 0.125, y: 0.125).concatenating(.translation(x: 8, y: 8)), 1)])
    let turned = try compose([
      (
        stripes,
        AffineTransform2D.translation(x: -128, y: -96).concatenating(.rotation(degrees: 10))
          .concatenating(.scale(x: 0.125, y: 0.125)).concatenating(.translation(x: 32, y: 24)), 1
      )
    ])
    for (out, points) in [(straight, [(10, 10), (20, 15), (37, 28)]), (turned, [(32, 24), (28, 22), (36, 27)])] {
      for (x, y) in points {
        XCTAssertEqual(Int(luma(out, x, y)), 125, accuracy: 12, "at (\(x), \(y))")
      }
    }
  }
}
