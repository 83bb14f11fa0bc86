import XCTest

@testable import Engine

/// The blur's two ways of running its horizontal passes give the same bytes, and a blur spreads a point exactly
/// as far as its reach, by either way.
final class BoxBlurTests: XCTestCase {
  /// A plane of `width` × `height` bytes from a fixed pseudo-random sequence.
  final class Plane {
    let bytes: UnsafeMutablePointer<UInt8>
    let view: PlaneView

    init(width: Int, height: Int, seed: UInt32 = 1) {
      bytes = .allocate(capacity: width * height)
      var state = seed
      for i in 0..<(width * height) {
        state = state &* 1_664_525 &+ 1_013_904_223
        bytes[i] = UInt8(truncatingIfNeeded: state >> 24)
      }
      view = PlaneView(base: bytes, stride: width, width: width, height: height)
    }

    deinit { bytes.deallocate() }

    var values: [UInt8] { Array(UnsafeBufferPointer(start: bytes, count: view.width * view.height)) }
  }

  func testRowPassesMatchLanePasses() {
    for (w, h) in [(1, 1), (7, 5), (8, 9), (13, 3), (64, 17), (333, 11)] {
      for radii in [[1], [2], [3], [1, 1, 1], [2, 2, 2], [1, 1, 2], [3, 3, 3], [2, 3]] {
        let source = Plane(width: w, height: h, seed: UInt32(w * 31 + h))
        let (rows, lanes) = (Plane(width: w, height: h), Plane(width: w, height: h))
        let buffer = UnsafeMutablePointer<UInt16>.allocate(capacity: RowPasses.samples(width: w))
        RowPasses.run(from: source.view, into: rows.view, radii: radii, buffer: buffer)
        buffer.deallocate()
        let vectors = UnsafeMutablePointer<SIMD8<UInt16>>.allocate(capacity: 2 * w)
        for y in stride(from: 0, to: h, by: 8) {
          LanePasses.run(
            from: source.view, into: lanes.view, rows: y, width: w, radii: radii, buffers: (vectors, vectors + w))
        }
        vectors.deallocate()
        XCTAssertEqual(rows.values, lanes.values, "\(w)×\(h), radii \(radii)")
      }
    }
  }

  /// A line of 255 across the plane (a column, then a row) blurred with reaches that take each way (up to 9 along
  /// rows, above it in lanes): black one pixel beyond the reach, brightest on the line, symmetric about it, and its
  /// light kept within rounding.
  func testLineSpreadsByItsReach() {
    let (w, h) = (101, 61)
    for reach in [3, 6, 9, 10, 20] {
      for vertical in [true, false] {
        let (source, target) = (Plane(width: w, height: h), Plane(width: w, height: h))
        source.bytes.update(repeating: 0, count: w * h)
        for y in 0..<h {
          for x in 0..<w where vertical ? x == 50 : y == 30 { source.bytes[y * w + x] = 255 }
        }
        var scratch: [UInt8] = []
        BoxBlur(reach: reach).apply(source.view, into: target.view, scratch: &scratch)
        // Across the line: along row 20 for the column, down column 70 for the row.
        func across(_ d: Int) -> UInt8 { vertical ? target.bytes[20 * w + 50 + d] : target.bytes[(30 + d) * w + 70] }
        let label = "reach \(reach), \(vertical ? "a column" : "a row")"
        XCTAssertEqual(across(reach + 1), 0, label)
        XCTAssertEqual(across(-reach - 1), 0, label)
        XCTAssertGreaterThan(across(0), across(reach / 2 + 1), label)
        // At the reach itself only one path in (2r₁+1)(2r₂+1)(2r₃+1) arrives: lit where that is at least a level.
        let paths = BoxBlur(reach: reach).radii.reduce(1) { $0 * (2 * $1 + 1) }
        if paths <= 255 { XCTAssertGreaterThan(across(reach), 0, label) }
        for d in 1...(reach + 1) { XCTAssertEqual(across(-d), across(d), "\(label), \(d) either side") }
        // Each of the three passes across the line rounds each of its samples by at most half a level.
        let total = (-reach...reach).reduce(0) { $0 + Int(across($1)) }
        XCTAssertEqual(Double(total), 255, accuracy: 1.5 * Double(2 * reach + 1), label)
      }
    }
  }
}
