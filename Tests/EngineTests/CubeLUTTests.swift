import CFFmpeg
import TestSupport
import XCTest

@testable import Engine

/// The .cube reader: what a colourist's file holds, and one line naming the line for anything else.
final class CubeLUTTests: XCTestCase {
  func parse(_ text: String) throws(CubeLUT.ParseError) -> CubeLUT { try CubeLUT(parsing: Substring(text)) }

  func message(_ text: String) -> String {
    do {
      _ = try parse(text)
      return "parsed"
    } catch {
      return error.description
    }
  }

  func testReadsSizeDomainCommentsAndInterpolates() throws {
    // Inverts each channel over a domain of 0...2, with comments, a title and Windows line ends.
    var text = "# a test\r\nTITLE \"invert\"\r\nDOMAIN_MIN 0 0 0\r\nDOMAIN_MAX 2 2 2\r\nLUT_3D_SIZE 2\r\n"
    for b in 0..<2 {
      for g in 0..<2 {
        for r in 0..<2 { text += "\(1 - r) \(1 - g) \(1 - b)  # colour\r\n" }
      }
    }
    let lut = try parse(text)
    XCTAssertEqual(lut.size, 2)
    XCTAssertEqual(lut.lookup(SIMD3(0, 0, 0)), SIMD3(1, 1, 1))
    XCTAssertEqual(lut.lookup(SIMD3(1, 0.5, 2)), SIMD3(0.5, 0.75, 0))
    // Outside the domain: clamped to it.
    XCTAssertEqual(lut.lookup(SIMD3(-1, 3, 0)), SIMD3(1, 0, 1))
  }

  func testEveryMistakeNamesItsLine() {
    XCTAssertEqual(message("TITLE \"x\"\n0 0 0\n"), "line 2: a colour before LUT_3D_SIZE")
    XCTAssertEqual(message("LUT_3D_SIZE 1\n"), "line 1: LUT_3D_SIZE must be a whole number from 2 to 129")
    XCTAssertEqual(message("LUT_3D_SIZE 1000\n"), "line 1: LUT_3D_SIZE must be a whole number from 2 to 129")
    XCTAssertEqual(message("LUT_1D_SIZE 1024\n"), "line 1: a 1D table (LUT_1D_SIZE); only 3D tables are read")
    XCTAssertEqual(message("LUT_3D_SIZE 2\n0 0 0\n0 0\n"), "line 3: expected three numbers (red green blue)")
    XCTAssertEqual(message("LUT_3D_SIZE 2\n0 0 nan\n"), "line 2: expected three numbers (red green blue)")
    XCTAssertEqual(message("LUT_3D_SIZE 2\nLUT_3D_SIZE 2\n"), "line 2: LUT_3D_SIZE given twice")
    XCTAssertEqual(
      message("LUT_3D_SIZE 2\nGAMMA 2.2\n"), "line 2: a line that is neither a keyword of .cube tables nor a colour")
    XCTAssertEqual(message("LUT_3D_SIZE 2\n0 0 0\n"), "1 colours where LUT_3D_SIZE 2 needs 8")
    XCTAssertEqual(message("DOMAIN_MAX 1 1\n"), "line 1: expected 3 numbers after DOMAIN_MAX")
    XCTAssertEqual(message(""), "no LUT_3D_SIZE line: not a 3D .cube table")
    let nine = "LUT_3D_SIZE 2\n" + String(repeating: "0 0 0\n", count: 9)
    XCTAssertEqual(message(nine), "line 10: more than 2³ colours")
    XCTAssertEqual(
      message("DOMAIN_MIN 1 0 0\nLUT_3D_SIZE 2\n" + String(repeating: "0 0 0\n", count: 8)),
      "DOMAIN_MAX must be above DOMAIN_MIN")
  }

  /// A 4:2:0 frame whose 2×2 blocks take every (Cb, Cr) on a coarse sweep and luma values spread over 0...255.
  private func sweep() throws -> Frame {
    let frame = try Frame(width: 128, height: 64, format: AV_PIX_FMT_YUV420P)
    guard let y = PlaneView(frame, plane: 0), let u = PlaneView(frame, plane: 1), let v = PlaneView(frame, plane: 2)
    else { throw FixtureFiles.MissingPrecondition(description: "a YUV 4:2:0 frame without three planes") }
    for row in 0..<32 {
      for column in 0..<64 {
        u.row(row)[column] = UInt8(column * 4 + row % 4)
        v.row(row)[column] = UInt8(row * 8 + column % 8)
        for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
          y.row(2 * row + dy)[2 * column + dx] = UInt8((column * 37 + row * 11 + dx * 5 + dy * 3) % 256)
        }
      }
    }
    return frame
  }

  /// The table a `.cube` becomes holds the grid interpolated in (Cb, Cr) and along Y', for each luma value and
  /// (for the chroma) each block's mean luma: checked against the same interpolation worked out here in doubles,
  /// on a table of scattered colours, so any output placed in the wrong cell or lane is far off.
  func testTableInterpolatesTheGridForEveryLumaAndBlock() throws {
    var state: UInt32 = 12345
    func next() -> Float {
      state = state &* 1_664_525 &+ 1_013_904_223
      return Float(state >> 8) / Float(1 << 24) * 1.4 - 0.2
    }
    var text = "LUT_3D_SIZE 5\n"
    for _ in 0..<125 { text += "\(next()) \(next()) \(next())\n" }
    let cube = try parse(text)
    let (source, target) = (try sweep(), try sweep())
    YUVLookup(cube, matrix: .bt709).apply(source, into: target, amount: 1)
    let grid = YUVLookup.grid(cube, matrix: .bt709)
    func expected(_ y: Double, _ u: Int, _ v: Int, _ channel: Int) -> Double {
      Self.interpolated(grid, y, Double(u), Double(v), channel)
    }
    let planes = (0..<3).map { (PlaneView(source, plane: $0)!, PlaneView(target, plane: $0)!) }
    var worst = 0.0
    for row in 0..<32 {
      for column in 0..<64 {
        let (u, v) = (Int(planes[1].0.row(row)[column]), Int(planes[2].0.row(row)[column]))
        var sum = 0
        for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
          let luma = Int(planes[0].0.row(2 * row + dy)[2 * column + dx])
          sum += luma
          let out = Double(planes[0].1.row(2 * row + dy)[2 * column + dx])
          worst = max(worst, abs(out - expected(Double(luma), u, v, 0)))
        }
        let mean = Double(2 * (sum >> 3)) + 0.875
        for channel in 1...2 {
          worst = max(worst, abs(Double(planes[channel].1.row(row)[column]) - expected(mean, u, v, channel)))
        }
      }
    }
    XCTAssertLessThanOrEqual(worst, 0.51)
  }

  /// The grid at 8-bit (Y', Cb, Cr), interpolated trilinearly in doubles, clamped to 0...`top`.
  static func interpolated(
    _ grid: [SIMD3<Float>], _ y: Double, _ u: Double, _ v: Double, _ channel: Int, top: Double = 255
  ) -> Double {
    let n = YUVLookup.points
    func cell(_ x: Double) -> (Int, Double) {
      let p = min(max(x, 0), 255) * Double(n - 1) / 255
      let i = min(Int(p), n - 2)
      return (i, p - Double(i))
    }
    let ((iy, fy), (iu, fu), (iv, fv)) = (cell(y), cell(u), cell(v))
    func at(_ a: Int, _ b: Int, _ c: Int) -> Double { Double(grid[(c * n + b) * n + a][channel]) }
    var value = 0.0
    for (dy, wy) in [(0, 1 - fy), (1, fy)] {
      for (du, wu) in [(0, 1 - fu), (1, fu)] {
        for (dv, wv) in [(0, 1 - fv), (1, fv)] { value += wy * wu * wv * at(iy + dy, iu + du, iv + dv) }
      }
    }
    return min(max(value, 0), top)
  }

  /// An HDR render's 10-bit pictures go through the same grid (`WideLookup`), interpolated for each pixel: the
  /// sweep at four times its values, and the steps between, comes out as the grid's values there at four times,
  /// to a fifth of an 8-bit level.
  func testWideLookupInterpolatesTheGridAtTenBits() throws {
    var text = "LUT_3D_SIZE 3\n"
    for i in 0..<27 { text += "\(Float(i % 3) / 2 * 0.9) \(Float(i / 3 % 3) / 2) \(Float(i / 9) / 2 * 1.1)\n" }
    let cube = try parse(text)
    let narrow = try sweep()
    let (source, target) = (
      try Frame(width: 128, height: 64, format: AV_PIX_FMT_YUV420P10LE),
      try Frame(width: 128, height: 64, format: AV_PIX_FMT_YUV420P10LE)
    )
    for plane in 0..<3 {
      let (from, to) = (PlaneView(narrow, plane: plane)!, Engine.Plane<UInt16>(source, plane: plane)!)
      for row in 0..<from.height {
        // Four times the 8-bit values, plus the 10-bit steps between them.
        for x in 0..<from.width { to.row(row)[x] = UInt16(from.row(row)[x]) << 2 | UInt16((x + 3 * row) & 3) }
      }
    }
    WideLookup(cube, matrix: .bt709).apply(source, into: target, amount: 1)
    let grid = YUVLookup.grid(cube, matrix: .bt709)
    let planes = (0..<3).map { (Engine.Plane<UInt16>(source, plane: $0)!, Engine.Plane<UInt16>(target, plane: $0)!) }
    var worst = 0.0
    for row in 0..<32 {
      for column in 0..<64 {
        let (u, v) = (Double(planes[1].0.row(row)[column]) / 4, Double(planes[2].0.row(row)[column]) / 4)
        var sum = 0.0
        for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
          let luma = Double(planes[0].0.row(2 * row + dy)[2 * column + dx]) / 4
          sum += luma
          let out = Double(planes[0].1.row(2 * row + dy)[2 * column + dx]) / 4
          worst = max(worst, abs(out - Self.interpolated(grid, luma, u, v, 0, top: 1023 / 4)))
        }
        for channel in 1...2 {
          let out = Double(planes[channel].1.row(row)[column]) / 4
          worst = max(worst, abs(out - Self.interpolated(grid, sum / 4, u, v, channel, top: 1023 / 4)))
        }
      }
    }
    XCTAssertLessThanOrEqual(worst, 0.2)
  }

  /// Values no colour has (a float's largest, either sign, in a table that parses) are clamped, not a crash.
  func testHugeValuesClampInsteadOfCrashing() throws {
    let constant = try parse("LUT_3D_SIZE 2\n" + String(repeating: "3e38 -3e38 0.5\n", count: 8))
    let (source, target) = (try sweep(), try sweep())
    YUVLookup(constant, matrix: .bt709).apply(source, into: target, amount: 1)
    // Y' and both chroma overflow: luma far below black, Cb and Cr far above their top.
    XCTAssertEqual(PlaneView(target, plane: 0)?.row(7)[9], 0)
    XCTAssertEqual(PlaneView(target, plane: 1)?.row(3)[5], 255)
    XCTAssertEqual(PlaneView(target, plane: 2)?.row(3)[5], 255)
    // Neighbouring corners of opposite huge signs make infinities and NaNs while interpolating.
    var text = "LUT_3D_SIZE 2\n"
    for i in 0..<8 { text += i % 3 == 0 ? "3e38 -3e38 3e38\n" : "-3e38 3e38 -3e38\n" }
    let grid = YUVLookup.grid(try parse(text), matrix: .bt709)
    // Those points are NaN (taken as 0) or past the bound in every channel.
    XCTAssertEqual(Set(grid), [SIMD3(0, 0, 0), SIMD3(1_000_000, -1_000_000, -1_000_000)])
  }
}
