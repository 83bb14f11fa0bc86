import XCTest

@testable import Engine

/// The blur's two ways of running its horizontal passes give the same bytes, its vertical pass the arithmetic it
/// promises, and a blur spreads a point exactly as far as its reach, by either way; the 16-bit blur of an HDR render
/// is the 8-bit one at four times the values.
final class BoxBlurTests: XCTestCase {
  /// A plane of `width` × `height` bytes from a fixed pseudo-random sequence.
  final class BytePlane {
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
        let source = BytePlane(width: w, height: h, seed: UInt32(w * 31 + h))
        let (rows, lanes) = (BytePlane(width: w, height: h), BytePlane(width: w, height: h))
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

  /// A vertical pass (the C kernel, in whichever vector width this machine runs) against the same arithmetic worked
  /// out here sample by sample: the column's 2r + 1 samples about each one, the top and bottom rows repeated
  /// outward, their sum plus r times 65536 / (2r + 1), the high half; within a level of the exact mean. Sizes
  /// around the vector widths, rows wider than the plane (a stride of width + 5), radii small and up to the largest.
  func testVerticalPassIsTheMeanOfItsColumn() {
    for (w, h) in [(1, 1), (7, 5), (31, 3), (33, 9), (64, 17), (65, 40), (129, 2)] {
      for r in [1, 2, 3, 6, 40, 127] {
        let stride = w + 5
        let (source, target) = (
          BytePlane(width: stride, height: h, seed: UInt32(w * 7 + r)), BytePlane(width: stride, height: h)
        )
        let untouched = BytePlane(width: stride, height: h)
        let from = PlaneView(base: source.bytes, stride: stride, width: w, height: h)
        let to = PlaneView(base: target.bytes, stride: stride, width: w, height: h)
        let sums = UnsafeMutablePointer<UInt16>.allocate(capacity: w)
        BoxBlur.vertical(from, into: to, radius: r, sums: sums)
        sums.deallocate()
        var (wrong, far) = (0, 0)
        for y in 0..<h {
          for x in 0..<w {
            let sum = (-r...r).reduce(0) { $0 + Int(from.row(min(max(y + $1, 0), h - 1))[x]) }
            let expected = ((sum + r) * Int(BoxBlur.reciprocal(r))) >> 16
            let out = Int(to.row(y)[x])
            if out != expected { wrong += 1 }
            if abs(Double(out) - Double(sum) / Double(2 * r + 1)) > 1 { far += 1 }
          }
          // The bytes past the plane's width are not written.
          for x in w..<stride where target.bytes[y * stride + x] != untouched.bytes[y * stride + x] { wrong += 1 }
        }
        XCTAssertEqual(wrong, 0, "\(w)×\(h), radius \(r)")
        XCTAssertEqual(far, 0, "\(w)×\(h), radius \(r)")
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
        let (source, target) = (BytePlane(width: w, height: h), BytePlane(width: w, height: h))
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

  /// The 16-bit blur (an HDR render's 10-bit pictures) gives the 8-bit one's values times four, within the
  /// rounding of the 8-bit passes (half a level each, horizontal and vertical: their division by a
  /// multiplication's high half rounds some halves down), in finer levels.
  func testWideBlurMatchesTheEightBitOne() {
    let (w, h) = (97, 41)
    for reach in [1, 4, 9, 30] {
      let source = BytePlane(width: w, height: h, seed: UInt32(reach))
      let narrow = BytePlane(width: w, height: h)
      var scratch: [UInt8] = []
      let blur = BoxBlur(reach: reach)
      blur.apply(source.view, into: narrow.view, scratch: &scratch)
      var wideSource = source.values.map { UInt16($0) << 2 }
      var wide = [UInt16](repeating: 0, count: w * h)
      var sums: (from: [Int32], to: [Int32]) = ([], [])
      wideSource.withUnsafeMutableBufferPointer { input in
        wide.withUnsafeMutableBufferPointer { output in
          guard let i = input.baseAddress, let o = output.baseAddress else { return }
          blur.apply(
            Engine.Plane(base: i, stride: w, width: w, height: h, depth: 10),
            into: Engine.Plane(base: o, stride: w, width: w, height: h, depth: 10), scratch: &sums)
        }
      }
      let differences = zip(narrow.values, wide).map { abs(4 * Int($0) - Int($1)) }
      XCTAssertLessThanOrEqual(differences.max() ?? 0, 4 * blur.radii.count + 2, "reach \(reach)")
      XCTAssertGreaterThan(Set(wide).count, Set(narrow.values).count, "reach \(reach): finer levels")
    }
  }
}
