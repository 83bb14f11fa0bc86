import Composition
import Foundation
import TestSupport
import XCTest

@testable import Engine

/// The check a smart render's output passes before it is kept (`SmartCheck`): the phone clip trimmed twice
/// decodes from every splice; the same output with one re-encoded run's first picture damaged does not, and the
/// check says where.
final class SmartCheckTests: XCTestCase {
  private var folder: URL!

  override func setUp() {
    folder = FixtureFiles.temporaryFolder()
  }

  override func tearDown() {
    try? FileManager.default.removeItem(at: folder)
  }

  func testASplicedOutputDecodesAndADamagedSpliceIsFound() throws {
    let phone = FixtureFiles.path("phone.mp4")
    let output = folder.appendingPathComponent("joined.mp4").path
    let report = folder.appendingPathComponent("report.json").path
    let result = try ClipmergeProcess.run(
      ["concat", phone + "#t=0.3,2.5", phone + "#t=0.7,2.5", "--smart", "-o", output, "--report", report])
    XCTAssertEqual(result.code, 0, result.stderr)
    XCTAssertFalse(result.stderr.contains("did not decode"), result.stderr)
    let (_, smart) = try HEVCSmartRenderTests.copiedPictures(report: report)
    let runs = try XCTUnwrap(smart["runs"] as? [[String: Any]])
    let seconds = runs.compactMap { $0["start"] as? Double }
    let starts = seconds.map { MediaTime.ticks(Int64(($0 * 30).rounded()), rate: 30) }
    XCTAssertGreaterThanOrEqual(starts.count, 3)
    XCTAssertNil(SmartCheck.problem(in: output, at: starts))

    // The first re-encoded run's first picture, damaged in the middle of its slice data.
    let rendered = try XCTUnwrap(runs.first { $0["copied"] as? Bool == false })
    let time = try XCTUnwrap(rendered["start"] as? Double)
    let packets = try ClipmergeProcess.runTool(
      "ffprobe",
      ["-v", "error", "-select_streams", "v:0", "-show_entries", "packet=pts_time,pos,size", "-of", "csv=p=0", output])
    var found: (size: Int, position: Int)?
    for line in packets.split(separator: "\n") {
      let fields = line.split(separator: ",").map(String.init)
      guard fields.count == 3, let pts = Double(fields[0]), abs(pts - time) < 0.01 else { continue }
      found = (Int(fields[1]) ?? 0, Int(fields[2]) ?? 0)
    }
    let (size, position) = try XCTUnwrap(found)
    var bytes = try Data(contentsOf: URL(fileURLWithPath: output))
    for i in (position + size / 3)..<(position + size / 3 + min(200, size / 2)) { bytes[i] ^= 0x5A }
    let damaged = folder.appendingPathComponent("damaged.mp4").path
    try bytes.write(to: URL(fileURLWithPath: damaged))
    let problem = try XCTUnwrap(SmartCheck.problem(in: damaged, at: starts), "a damaged splice is found")
    XCTAssertFalse(problem.isEmpty)
  }
}
