import CFFmpeg
import Composition
import Foundation
import XCTest

import struct Composition.AffineTransform2D

@testable import Engine

/// A layer's effects written straight into the output frame (the one layer, drawn whole 1:1) give the same
/// pixels as the chain into its own pictures, whatever the frame held before; other layers keep the copy.
final class EffectProcessorTests: XCTestCase {
  private let (width, height) = (70, 46)

  /// A picture with a different value at every luma and chroma sample.
  private func pattern() throws -> Frame {
    let frame = try Frame(width: width, height: height, format: AV_PIX_FMT_YUV420P)
    for plane in 0..<3 {
      let view = try XCTUnwrap(PlaneView(frame, plane: plane))
      for y in 0..<view.height {
        for x in 0..<view.width { view.row(y)[x] = UInt8(truncatingIfNeeded: 16 + (x * 7 + y * 13 + plane * 50) % 220) }
      }
    }
    return frame
  }

  private func planes(_ frame: Frame) throws -> [[UInt8]] {
    try (0..<3).map { plane in
      let view = try XCTUnwrap(PlaneView(frame, plane: plane))
      return (0..<view.height).flatMap { Array(UnsafeBufferPointer(start: view.row($0), count: view.width)) }
    }
  }

  /// A `.cube` table that swaps red and blue, in a composition that names it.
  private func tables() throws -> (CubeTables, String) {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("swap-\(UUID().uuidString).cube").path
    var text = "LUT_3D_SIZE 2\n"
    for b in 0..<2 {
      for g in 0..<2 {
        for r in 0..<2 { text += "\(b) \(g) \(r)\n" }
      }
    }
    try text.write(toFile: file, atomically: true, encoding: .utf8)
    addTeardownBlock { try? FileManager.default.removeItem(atPath: file) }
    let layer = LayerInstruction(trackID: TrackID(1), effects: [Effect(.lut, file: file)])
    let instruction = VideoCompositionInstruction(
      timeRange: TimeRange(start: .zero, duration: MediaTime(seconds: 1)), layers: [layer])
    let video = VideoComposition(
      renderSize: PixelSize(width: width, height: height),
      frameDuration: try XCTUnwrap(MediaTime(value: 1, timescale: 30)),
      instructions: [instruction])
    return (try CubeTables(composition: Composition(sources: [], tracks: [], video: video)), file)
  }

  func testChainWrittenIntoTheFrameMatchesTheChainIntoItsOwnPictures() throws {
    let (tables, cube) = try tables()
    let chains: [[Effect]] = [
      [Effect(.blur, amount: Keyframed(6))],
      [Effect(.blur, amount: Keyframed(6)), Effect(.lut, file: cube)],
      [Effect(.lut, file: cube), Effect(.grayscale), Effect(.brightness)],
      [Effect(.sepia), Effect(.sharpen, amount: Keyframed(2))],
      [Effect(.contrast), Effect(.vignette, amount: Keyframed(1))],
    ]
    let source = try pattern()
    for (index, chain) in chains.enumerated() {
      let label = chain.map(\.kind.rawValue).joined(separator: ", ")
      let kept = try EffectProcessor(tables: tables, matrix: .bt709).apply(
        chain, at: .zero, to: source, scale: 1, track: TrackID(1), serial: index)
      // Stale content from an earlier frame, which every effect must write over.
      let frame = try Frame(width: width, height: height, format: AV_PIX_FMT_YUV420P)
      for plane in 0..<3 { PlaneView(frame, plane: plane)?.fill(3) }
      let direct = try EffectProcessor(tables: tables, matrix: .bt709).apply(
        chain, at: .zero, to: source, scale: 1, track: TrackID(1), serial: index, into: frame)
      XCTAssertTrue(direct.picture === frame, label)
      XCTAssertFalse(kept.picture === source, label)
      XCTAssertEqual(try planes(frame), try planes(kept.picture), label)
      XCTAssertNotEqual(try planes(frame), try planes(source), label)
    }
  }

  func testOnlyAnOpaqueLayerDrawnWholeOneToOneFillsTheFrame() throws {
    let frame = try Frame(width: width, height: height, format: AV_PIX_FMT_YUV420P)
    func draw(_ picture: Frame, _ transform: AffineTransform2D = .identity, opacity: Double = 1) -> LayerDraw {
      LayerDraw(track: TrackID(1), serial: 1, picture: picture, transform: transform, opacity: opacity)
    }
    let same = try pattern()
    XCTAssertTrue(VideoRenderer.fills(draw(same), frame))
    XCTAssertFalse(VideoRenderer.fills(draw(same, opacity: 0.99), frame))
    XCTAssertFalse(VideoRenderer.fills(draw(same, .translation(x: 2, y: 0)), frame))
    let larger = try Frame(width: width + 2, height: height + 2, format: AV_PIX_FMT_YUV420P)
    XCTAssertFalse(VideoRenderer.fills(draw(larger, .translation(x: -2, y: -2)), frame))
    let smaller = try Frame(width: width / 2, height: height / 2, format: AV_PIX_FMT_YUV420P)
    XCTAssertFalse(VideoRenderer.fills(draw(smaller, .scale(x: 2, y: 2)), frame))
    var masked = draw(same)
    masked.mask = (.rectangle, Rect(x: 0, y: 0, width: Double(width), height: Double(height)), 0)
    XCTAssertFalse(VideoRenderer.fills(masked, frame))
  }
}
