import CFFmpeg
import XCTest

@testable import Engine

/// The deinterlacer keeps the first field whole and mends the second only where the two disagree.
final class DeinterlacerTests: XCTestCase {
  /// A `width`×`height` picture whose even lines show a bright bar over `evenBar` and odd lines over `oddBar`
  /// (one field caught the bar later than the other), in every plane; samples 16 and 235 scaled to the depth.
  private func combed(
    format: AVPixelFormat, width: Int = 32, height: Int = 16, evenBar: Range<Int>, oddBar: Range<Int>,
    topFirst: Bool
  ) throws -> Frame {
    let frame = try Frame(width: width, height: height, format: format)
    let layout = try XCTUnwrap(Deinterlacer.layout(of: format))
    let shift = layout.depth - 8
    for plane in 0..<layout.planes {
      let chroma = plane > 0
      let w = chroma ? width >> layout.chromaShiftX : width
      let h = chroma ? height >> layout.chromaShiftY : height
      for y in 0..<h {
        let bar = y % 2 == 0 ? evenBar : oddBar
        for x in 0..<w {
          let inBar = chroma ? bar.contains(x * width / w) : bar.contains(x)
          set(frame, plane: plane, x: x, y: y, to: (inBar ? 235 : 16) << shift, bytes: layout.bytesPerSample)
        }
      }
    }
    frame.pointer.pointee.interlaced_frame = 1
    frame.pointer.pointee.top_field_first = topFirst ? 1 : 0
    return frame
  }

  private func set(_ frame: Frame, plane: Int, x: Int, y: Int, to value: Int, bytes: Int) {
    let row = frame.data(plane)! + y * frame.linesize(plane)
    if bytes == 1 {
      row[x] = UInt8(value)
    } else {
      UnsafeMutableRawPointer(row).assumingMemoryBound(to: UInt16.self)[x] = UInt16(value)
    }
  }

  private func sample(_ frame: Frame, plane: Int, x: Int, y: Int, bytes: Int) -> Int {
    let row = frame.data(plane)! + y * frame.linesize(plane)
    return bytes == 1 ? Int(row[x]) : Int(UnsafeMutableRawPointer(row).assumingMemoryBound(to: UInt16.self)[x])
  }

  /// Every line of plane 0 as a string of # (bright) and . (dark).
  private func lines(_ frame: Frame, bytes: Int, depth: Int) -> [String] {
    (0..<frame.height).map { y in
      String(
        (0..<frame.width).map { sample(frame, plane: 0, x: $0, y: y, bytes: bytes) > (128 << (depth - 8)) ? "#" : "." })
    }
  }

  func testTopFieldFirstKeepsEvenLinesAndMendsOddOnes() throws {
    let frame = try combed(format: AV_PIX_FMT_YUV420P, evenBar: 8..<16, oddBar: 12..<20, topFirst: true)
    XCTAssertTrue(Deinterlacer.applies(to: frame))
    let before = lines(frame, bytes: 1, depth: 8)
    Deinterlacer.deinterlace(frame)
    let after = lines(frame, bytes: 1, depth: 8)
    let even = String(repeating: ".", count: 8) + String(repeating: "#", count: 8) + String(repeating: ".", count: 16)
    for y in 0..<16 { XCTAssertEqual(after[y], even, "line \(y), before: \(before[y])") }
    XCTAssertEqual(frame.pointer.pointee.interlaced_frame, 0)
    XCTAssertFalse(Deinterlacer.applies(to: frame))
    // Chroma combs the same way and is mended the same way: its lines agree.
    for y in 0..<8 {
      XCTAssertEqual(sample(frame, plane: 1, x: 2, y: y, bytes: 1), 16, "chroma line \(y) left of the bar")
      XCTAssertEqual(sample(frame, plane: 1, x: 5, y: y, bytes: 1), 235, "chroma line \(y) in the top field's bar")
      XCTAssertEqual(sample(frame, plane: 1, x: 9, y: y, bytes: 1), 16, "chroma line \(y) in the bottom field's bar")
    }
  }

  func testBottomFieldFirstKeepsOddLines() throws {
    let frame = try combed(format: AV_PIX_FMT_YUV420P, evenBar: 8..<16, oddBar: 12..<20, topFirst: false)
    Deinterlacer.deinterlace(frame)
    let odd = String(repeating: ".", count: 12) + String(repeating: "#", count: 8) + String(repeating: ".", count: 12)
    for (y, line) in lines(frame, bytes: 1, depth: 8).enumerated() { XCTAssertEqual(line, odd, "line \(y)") }
  }

  func testTenBitFourTwoTwoIsMendedInSixteenBitSamples() throws {
    let frame = try combed(format: AV_PIX_FMT_YUV422P10LE, evenBar: 8..<16, oddBar: 12..<20, topFirst: false)
    Deinterlacer.deinterlace(frame)
    for y in 0..<16 {
      XCTAssertEqual(
        sample(frame, plane: 0, x: 10, y: y, bytes: 2), 16 << 2, "luma line \(y) where only the even field had the bar")
      XCTAssertEqual(sample(frame, plane: 0, x: 17, y: y, bytes: 2), 235 << 2, "luma line \(y) in the odd field's bar")
      // 4:2:2 chroma has every line: x 8 is luma x 16, in the odd field's bar only.
      XCTAssertEqual(sample(frame, plane: 2, x: 8, y: y, bytes: 2), 235 << 2, "chroma line \(y)")
    }
  }

  func testStillDetailAndGradientsAreLeftAlone() throws {
    // A vertical ramp (each line 6 levels above the last) and a bar both fields agree on: nothing combs.
    let frame = try Frame(width: 16, height: 16, format: AV_PIX_FMT_YUV420P)
    for y in 0..<16 {
      for x in 0..<16 { set(frame, plane: 0, x: x, y: y, to: x < 8 ? 40 + 6 * y : (x < 12 ? 235 : 16), bytes: 1) }
    }
    for plane in 1...2 { PlaneView(frame, plane: plane)?.fill(128) }
    frame.pointer.pointee.interlaced_frame = 1
    frame.pointer.pointee.top_field_first = 1
    let before = (0..<16).map { y in (0..<16).map { sample(frame, plane: 0, x: $0, y: y, bytes: 1) } }
    Deinterlacer.deinterlace(frame)
    let after = (0..<16).map { y in (0..<16).map { sample(frame, plane: 0, x: $0, y: y, bytes: 1) } }
    XCTAssertEqual(after, before)
  }

  func testProgressiveAndUnsupportedPicturesAreNotTouched() throws {
    let progressive = try Frame(width: 16, height: 16, format: AV_PIX_FMT_YUV420P)
    XCTAssertFalse(Deinterlacer.applies(to: progressive))
    XCTAssertNil(Deinterlacer.layout(of: AV_PIX_FMT_NV12), "interleaved chroma")
    XCTAssertNil(Deinterlacer.layout(of: AV_PIX_FMT_RGB24), "packed")
    XCTAssertNil(Deinterlacer.layout(of: AV_PIX_FMT_YUV420P16BE), "big-endian")
    XCTAssertEqual(Deinterlacer.layout(of: AV_PIX_FMT_YUV420P10LE)?.bytesPerSample, 2)
  }
}
