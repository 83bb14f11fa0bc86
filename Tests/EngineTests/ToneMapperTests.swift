import CFFmpeg
import XCTest

@testable import Engine

/// HDR to SDR: the transfer curves against their published values, and whole pictures through the mapper.
final class ToneMapperTests: XCTestCase {
  func testCurvesMatchBT2100AndBT2408() {
    // HLG 75 % is HDR reference white, 203 cd/m², on a 1000 cd/m² display (BT.2408).
    let scene = TransferCurves.hlgInverseOETF(0.75)
    let display = TransferCurves.hlgPeak * pow(scene, TransferCurves.hlgGamma)
    XCTAssertEqual(display, 203, accuracy: 0.5)
    XCTAssertEqual(TransferCurves.hlgInverseOETF(0.5), 1.0 / 12, accuracy: 1e-9)
    XCTAssertEqual(TransferCurves.hlgInverseOETF(1), 1, accuracy: 1e-6)
    // PQ: 0.5807 is 203 cd/m², 0.7518 is 1000, 1 is 10 000.
    XCTAssertEqual(TransferCurves.pqEOTF(0.5807), 203, accuracy: 1)
    XCTAssertEqual(TransferCurves.pqEOTF(0.7518), 1000, accuracy: 3)
    XCTAssertEqual(TransferCurves.pqEOTF(1), 10_000, accuracy: 0.5)
    // The roll-off leaves light below the knee alone and bends the rest under 1, without a step.
    XCTAssertEqual(TransferCurves.rollOff(0.5), 0.5)
    XCTAssertEqual(TransferCurves.rollOff(0.8001), 0.8001, accuracy: 1e-4)
    XCTAssertLessThan(TransferCurves.rollOff(50), 1.0001)
    XCTAssertLessThan(TransferCurves.rollOff(1), TransferCurves.rollOff(2))
  }

  /// A 16×16 10-bit BT.2020 picture: every pixel the limited-range Y'CbCr of the R'G'B' signal `rgb`.
  private func picture(_ rgb: (Double, Double, Double), transfer: AVColorTransferCharacteristic) throws -> Frame {
    let frame = try Frame(width: 16, height: 16, format: AV_PIX_FMT_YUV420P10LE)
    let (kr, kb) = (0.2627, 0.0593)
    let y = kr * rgb.0 + (1 - kr - kb) * rgb.1 + kb * rgb.2
    let values = [
      64 + 876 * y, 512 + 896 * (rgb.2 - y) / (2 * (1 - kb)), 512 + 896 * (rgb.0 - y) / (2 * (1 - kr)),
    ].map { UInt16($0.rounded()) }
    for plane in 0..<3 {
      let rows = plane == 0 ? 16 : 8
      for row in 0..<rows {
        let line = UnsafeMutableRawPointer(frame.data(plane)! + row * frame.linesize(plane))
          .assumingMemoryBound(to: UInt16.self)
        line.update(repeating: values[plane], count: rows)  // square planes: as many samples a row as rows
      }
    }
    let p = frame.pointer
    p.pointee.colorspace = AVCOL_SPC_BT2020_NCL
    p.pointee.color_primaries = AVCOL_PRI_BT2020
    p.pointee.color_trc = transfer
    p.pointee.color_range = AVCOL_RANGE_MPEG
    p.pointee.pts = 42
    return frame
  }

  private func mapped(_ rgb: (Double, Double, Double), _ transfer: AVColorTransferCharacteristic) throws -> (
    y: Int, u: Int, v: Int, frame: Frame
  ) {
    let source = try picture(rgb, transfer: transfer)
    let kind = try XCTUnwrap(ToneMapper.transfer(of: source))
    let out = try ToneMapper().map(source, transfer: kind)
    func at(_ plane: Int) -> Int { Int(PlaneView(out, plane: plane)!.row(4)[4]) }
    return (at(0), at(1), at(2), out)
  }

  func testReferenceWhiteBecomesSDRWhiteAndBlackStaysBlack() throws {
    // Reference white lands at the roll-off's value for 1.0: (0.8 + 0.2 (1 − e⁻¹))^(1/2.4) of the range, Y 228.
    for (signal, transfer) in [(0.75, AVCOL_TRC_ARIB_STD_B67), (0.5807, AVCOL_TRC_SMPTE2084)] {
      let white = try mapped((signal, signal, signal), transfer)
      XCTAssertEqual(white.y, 228, accuracy: 1, "\(transfer)")
      XCTAssertEqual(white.u, 128, accuracy: 1)
      XCTAssertEqual(white.v, 128, accuracy: 1)
      XCTAssertEqual(white.frame.pointer.pointee.color_trc, AVCOL_TRC_BT709)
      XCTAssertEqual(white.frame.pointer.pointee.colorspace, AVCOL_SPC_BT709)
      XCTAssertEqual(white.frame.pointer.pointee.pts, 42, "the frame's properties are kept")
      let black = try mapped((0, 0, 0), transfer)
      XCTAssertEqual(black.y, 16)
    }
  }

  func testGreyRampStaysInOrderAndColoursKeepTheirHue() throws {
    var last = 0
    for step in 0...10 {
      let s = Double(step) / 10
      let y = try mapped((s, s, s), AVCOL_TRC_ARIB_STD_B67).y
      XCTAssertGreaterThanOrEqual(y, last, "grey \(s)")
      last = y
    }
    XCTAssertLessThanOrEqual(last, 235)
    // BT.2020 red and blue at half signal stay red and blue in BT.709.
    let red = try mapped((0.5, 0, 0), AVCOL_TRC_ARIB_STD_B67)
    XCTAssertGreaterThan(red.v, 170)
    XCTAssertLessThan(red.u, 128)
    let blue = try mapped((0, 0, 0.5), AVCOL_TRC_ARIB_STD_B67)
    XCTAssertGreaterThan(blue.u, 170)
  }

  func testSDRPicturesAreNotMapped() throws {
    let frame = try picture((0.5, 0.5, 0.5), transfer: AVCOL_TRC_BT709)
    XCTAssertNil(ToneMapper.transfer(of: frame))
    frame.pointer.pointee.color_trc = AVCOL_TRC_BT2020_10
    XCTAssertNil(ToneMapper.transfer(of: frame), "BT.2020's own curve is SDR")
  }

  func testOddSizesAreMappedToTheLastRowAndColumn() throws {
    // 15×9, 4:2:0 10-bit: chroma 8×5. Every sample reference-white grey (HLG 75 %).
    let frame = try Frame(width: 15, height: 9, format: AV_PIX_FMT_YUV420P10LE)
    for (plane, value, width, height) in [(0, 721, 15, 9), (1, 512, 8, 5), (2, 512, 8, 5)] {
      for row in 0..<height {
        UnsafeMutableRawPointer(frame.data(plane)! + row * frame.linesize(plane))
          .assumingMemoryBound(to: UInt16.self).update(repeating: UInt16(value), count: width)
      }
    }
    frame.pointer.pointee.colorspace = AVCOL_SPC_BT2020_NCL
    frame.pointer.pointee.color_primaries = AVCOL_PRI_BT2020
    frame.pointer.pointee.color_trc = AVCOL_TRC_ARIB_STD_B67
    let out = try ToneMapper().map(frame, transfer: .hlg)
    for (x, y) in [(0, 0), (14, 0), (0, 8), (14, 8), (7, 4)] {
      XCTAssertEqual(Int(PlaneView(out, plane: 0)!.row(y)[x]), 228, accuracy: 1, "(\(x), \(y))")
    }
    XCTAssertEqual(Int(PlaneView(out, plane: 1)!.row(4)[7]), 128, accuracy: 1)
    XCTAssertEqual(Int(PlaneView(out, plane: 2)!.row(4)[7]), 128, accuracy: 1)
  }
}
