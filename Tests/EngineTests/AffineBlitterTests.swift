import CFFmpeg
import Composition
import XCTest

import struct Composition.AffineTransform2D

@testable import Engine

/// The affine blitter against a floating-point reference of what it promises: bilinear sampling of the source
/// through the inverse transform, blended with the opacity; pixels the picture does not reach stay untouched.
final class AffineBlitterTests: XCTestCase {
  /// A 64×48 picture with a diagonal gradient in every plane, so every sample position gives a different value.
  private func gradient() throws -> Frame {
    let frame = try Frame(width: 64, height: 48, format: AV_PIX_FMT_YUV420P)
    for plane in 0..<3 {
      let view = try XCTUnwrap(PlaneView(frame, plane: plane))
      for y in 0..<view.height {
        for x in 0..<view.width { view.row(y)[x] = UInt8((x * 3 + y * 2 + plane * 40) % 256) }
      }
    }
    return frame
  }

  private func canvas(_ value: UInt8) throws -> Frame {
    let frame = try Frame(width: 160, height: 120, format: AV_PIX_FMT_YUV420P)
    for plane in 0..<3 { PlaneView(frame, plane: plane)?.fill(value) }
    return frame
  }

  /// The value the luma plane should hold at target pixel (x, y), where the pixel is well inside the picture.
  private func reference(
    _ source: PlaneView, inverse: AffineTransform2D, x: Int, y: Int, background: Double, opacity: Double
  ) -> Double {
    let p = inverse.apply(x: Double(x) + 0.5, y: Double(y) + 0.5)
    let u = p.x - 0.5
    let v = p.y - 0.5
    let x0 = Int(u)
    let y0 = Int(v)
    let fx = u - Double(x0)
    let fy = v - Double(y0)
    func at(_ x: Int, _ y: Int) -> Double { Double(source.row(y)[x]) }
    let top = at(x0, y0) + (at(x0 + 1, y0) - at(x0, y0)) * fx
    let bottom = at(x0, y0 + 1) + (at(x0 + 1, y0 + 1) - at(x0, y0 + 1)) * fx
    let value = top + (bottom - top) * fy
    return background + (value - background) * opacity
  }

  func testRotatedScaledDrawMatchesBilinearReferenceInsideAndLeavesOutsideAlone() throws {
    let source = try gradient()
    let transform = AffineTransform2D.translation(x: -32, y: -24)
      .concatenating(.rotation(degrees: 30))
      .concatenating(.scale(x: 1.3, y: 1.3))
      .concatenating(.translation(x: 80.25, y: 60.5))
    let inverse = try XCTUnwrap(transform.inverted())
    for opacity in [1.0, 0.5] {
      let target = try canvas(100)
      AffineBlitter.draw(source, transform: transform, opacity: opacity, into: target)
      let luma = try XCTUnwrap(PlaneView(target, plane: 0))
      let src = try XCTUnwrap(PlaneView(source, plane: 0))
      var inside = 0
      var outside = 0
      for y in 0..<120 {
        for x in 0..<160 {
          let p = inverse.apply(x: Double(x) + 0.5, y: Double(y) + 0.5)
          let got = Double(luma.row(y)[x])
          if p.x > 2, p.x < 62, p.y > 2, p.y < 46 {
            let want = reference(src, inverse: inverse, x: x, y: y, background: 100, opacity: opacity)
            XCTAssertEqual(got, want, accuracy: 1.01, "pixel (\(x), \(y)) at opacity \(opacity)")
            inside += 1
          } else if p.x < -2 || p.x > 66 || p.y < -2 || p.y > 50 {
            XCTAssertEqual(got, 100, "pixel (\(x), \(y)) is outside the picture")
            outside += 1
          }
        }
      }
      // The picture covers about 64·48·1.3² ≈ 5,190 pixels of the 19,200.
      XCTAssertGreaterThan(inside, 4_000)
      XCTAssertGreaterThan(outside, 12_000)
    }
  }

  func testEdgesAreAntialiasedBetweenBackgroundAndPicture() throws {
    // A flat 200 square turned 45° over a 0 background: along its edge, values fall between the two.
    let source = try Frame(width: 40, height: 40, format: AV_PIX_FMT_YUV420P)
    for plane in 0..<3 { PlaneView(source, plane: plane)?.fill(200) }
    let target = try canvas(0)
    let transform = AffineTransform2D.translation(x: -20, y: -20).concatenating(.rotation(degrees: 45))
      .concatenating(.translation(x: 80, y: 60))
    AffineBlitter.draw(source, transform: transform, opacity: 1, into: target)
    let luma = try XCTUnwrap(PlaneView(target, plane: 0))
    XCTAssertEqual(luma.row(60)[80], 200)
    XCTAssertEqual(luma.row(60)[20], 0)
    // The corner at the left is at x = 80 − 20·√2 ≈ 51.7; on row 60 the edge pixels are partial.
    let partial = (45..<60).map { Int(luma.row(60)[$0]) }.filter { $0 > 0 && $0 < 200 }
    XCTAssertFalse(partial.isEmpty, "no antialiased pixel along the edge: \((45..<60).map { luma.row(60)[$0] })")
  }
}
