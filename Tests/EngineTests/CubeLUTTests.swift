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
    XCTAssertEqual(message("LUT_3D_SIZE 2\nGAMMA 2.2\n"), "line 2: unknown keyword 'GAMMA'")
    XCTAssertEqual(message("LUT_3D_SIZE 2\n0 0 0\n"), "1 colours where LUT_3D_SIZE 2 needs 8")
    XCTAssertEqual(message("DOMAIN_MAX 1 1\n"), "line 1: expected 3 numbers after DOMAIN_MAX")
    XCTAssertEqual(message(""), "no LUT_3D_SIZE line: not a 3D .cube table")
    let nine = "LUT_3D_SIZE 2\n" + String(repeating: "0 0 0\n", count: 9)
    XCTAssertEqual(message(nine), "line 10: more than 2³ colours")
    XCTAssertEqual(
      message("DOMAIN_MIN 1 0 0\nLUT_3D_SIZE 2\n" + String(repeating: "0 0 0\n", count: 8)),
      "DOMAIN_MAX must be above DOMAIN_MIN")
  }
}
