import CFFmpeg
import Composition
import XCTest

import struct Composition.AffineTransform2D

@testable import Engine

/// The compositor at 10 bits (an HDR render) draws what it draws at 8 bits, at four times the values: a
/// premultiplied picture with alpha blended 1:1 and turned through the blitter, an opaque one at a fractional
/// position inside an elliptic mask, over a ramp, each within a level (8-bit) of the other.
final class CompositorDepthTests: XCTestCase {
  /// A 4:2:0 picture and its 10-bit twin: luma, chroma and alpha from functions of the position (8-bit values),
  /// the colour premultiplied by the alpha about black when there is alpha.
  private func twins(
    _ width: Int, _ height: Int, luma: (Int, Int) -> Int, chroma: (Int, Int) -> Int, alpha: ((Int, Int) -> Int)?
  ) throws -> (Frame, Frame) {
    let narrow = try Frame(
      width: width, height: height, format: alpha == nil ? AV_PIX_FMT_YUV420P : AV_PIX_FMT_YUVA420P)
    let wide = try Frame(
      width: width, height: height, format: alpha == nil ? AV_PIX_FMT_YUV420P10LE : AV_PIX_FMT_YUVA420P10LE)
    func a8(_ x: Int, _ y: Int) -> Int { alpha?(x, y) ?? 255 }
    func a10(_ x: Int, _ y: Int) -> Int { (a8(x, y) * 1023 + 127) / 255 }
    func premultiplied(_ value: Int, black: Int, a: Int, opaque: Int) -> Int {
      black + Int((Double((value - black) * a) / Double(opaque)).rounded())
    }
    for plane in 0..<(alpha == nil ? 3 : 4) {
      let (n, w) = (PlaneView(narrow, plane: plane)!, Engine.Plane<UInt16>(wide, plane: plane)!)
      for y in 0..<n.height {
        for x in 0..<n.width {
          switch plane {
          case 0:
            n.row(y)[x] = UInt8(premultiplied(luma(x, y), black: 16, a: a8(x, y), opaque: 255))
            w.row(y)[x] = UInt16(premultiplied(4 * luma(x, y), black: 64, a: a10(x, y), opaque: 1023))
          case 3:
            n.row(y)[x] = UInt8(a8(x, y))
            w.row(y)[x] = UInt16(a10(x, y))
          default:
            let value = plane == 1 ? chroma(x, y) : 255 - chroma(x, y)
            n.row(y)[x] = UInt8(premultiplied(value, black: 128, a: a8(2 * x, 2 * y), opaque: 255))
            w.row(y)[x] = UInt16(premultiplied(4 * value, black: 512, a: a10(2 * x, 2 * y), opaque: 1023))
          }
        }
      }
    }
    return (narrow, wide)
  }

  func testTenBitsDrawWhatEightBitsDrawAtFourTimesTheValues() throws {
    let ramp = try twins(96, 64, luma: { x, y in 16 + 2 * x + y / 4 }, chroma: { x, _ in 100 + x }, alpha: nil)
    let logo = try twins(
      40, 30, luma: { x, y in 40 + 4 * x + y }, chroma: { x, y in 90 + 2 * x + y }, alpha: { x, _ in 40 + 5 * x })
    let card = try twins(30, 24, luma: { x, _ in 200 - 3 * x }, chroma: { _, y in 150 + y }, alpha: nil)
    for (name, layers) in [
      ("1:1 with alpha", [(logo, AffineTransform2D.translation(x: 6, y: 4), 0.7, false)]),
      ("turned with alpha", [(logo, .rotation(degrees: 28).concatenating(.translation(x: 40, y: 6)), 0.9, false)]),
      ("masked at a fractional place", [(card, .translation(x: 20.4, y: 10.7), 1, true)]),
    ] {
      var outputs: [Frame] = []
      for wide in [false, true] {
        let compositor = Compositor(matrix: .bt709, scalers: ScalerCache(), hdr: wide ? .hlg : nil)
        let target = try Frame(
          width: 96, height: 64, format: wide ? AV_PIX_FMT_YUV420P10LE : AV_PIX_FMT_YUV420P)
        var draws = [
          LayerDraw(track: TrackID(1), serial: 1, picture: wide ? ramp.1 : ramp.0, transform: .identity, opacity: 1)
        ]
        for (index, layer) in layers.enumerated() {
          var draw = LayerDraw(
            track: TrackID(index + 2), serial: 1, picture: wide ? layer.0.1 : layer.0.0, transform: layer.1,
            opacity: layer.2)
          if layer.3 { draw.mask = (.ellipse, Rect(x: 22, y: 12, width: 24, height: 18), 4) }
          draws.append(draw)
        }
        try compositor.compose(draws, background: Color(red: 0, green: 0, blue: 0), into: target)
        outputs.append(target)
      }
      var worst = 0
      var levels = (narrow: Set<Int>(), wide: Set<Int>())
      for plane in 0..<3 {
        let (n, w) = (PlaneView(outputs[0], plane: plane)!, Engine.Plane<UInt16>(outputs[1], plane: plane)!)
        for y in 0..<n.height {
          for x in 0..<n.width {
            worst = max(worst, abs(4 * Int(n.row(y)[x]) - Int(w.row(y)[x])))
            if plane == 0 { (_, _) = (levels.narrow.insert(Int(n.row(y)[x])), levels.wide.insert(Int(w.row(y)[x]))) }
          }
        }
      }
      XCTAssertLessThanOrEqual(worst, 4, name)
      XCTAssertGreaterThan(levels.wide.count, levels.narrow.count, "\(name): finer levels")
    }
  }
}
