import Composition
import XCTest

final class OutputRouteTests: XCTestCase {
  func decide(
    _ path: String, commandLine: Bool = true, format: Container? = nil, spec: Container? = nil
  ) throws -> OutputRoute {
    try OutputRoute.decide(path: path, commandLinePath: commandLine, format: format, specContainer: spec)
  }

  func testTheExtensionNamesTheContainer() throws {
    XCTAssertEqual(try decide("out.mov").container, .mov)
    XCTAssertEqual(try decide("dir.v2/out.M4V").container, .mp4)
    XCTAssertEqual(try decide("a.ts").container, .mpegts)
    XCTAssertFalse(try decide("out.mp4").isFragmented)
  }

  func testStandardOutputIsMatroskaUnlessToldAndFragmentsISOMedia() throws {
    let pipe = try decide("-")
    XCTAssertTrue(pipe.isStandardOutput)
    XCTAssertEqual(pipe.container, .mkv)
    XCTAssertFalse(pipe.isFragmented)
    let mp4 = try decide("-", format: .mp4)
    XCTAssertEqual(mp4.container, .mp4)
    XCTAssertTrue(mp4.isFragmented)
    // The spec's container holds on standard output too.
    XCTAssertEqual(try decide("-", spec: .webm).container, .webm)
  }

  func testOrderFormatThenCommandLineNameThenSpec() throws {
    XCTAssertEqual(try decide("out.mp4", format: .mkv, spec: .mov).container, .mkv)
    XCTAssertEqual(try decide("out.mp4", spec: .mov).container, .mp4)
    XCTAssertEqual(try decide("out.bin", spec: .mov).container, .mov)
    // The spec's own output.path: its container field comes before its name.
    XCTAssertEqual(try decide("out.mp4", commandLine: false, spec: .mkv).container, .mkv)
    XCTAssertEqual(try decide("out.bin", format: .webm).container, .webm)
  }

  func testANameThatSaysNothingIsRefusedInTheUsersWords() {
    XCTAssertThrowsError(try decide("out.bin")) { error in
      XCTAssertEqual(
        (error as? OutputRoute.Problem)?.description,
        "-o: cannot tell the container from 'out.bin'; use .mov .mp4 .m4v .mkv .webm .ts .gif or .webp, or --format")
    }
    XCTAssertThrowsError(try decide("folder.d/out"))
    XCTAssertThrowsError(try decide(""))
  }
}
