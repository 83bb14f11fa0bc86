import Foundation
import TestSupport
import XCTest

/// The worked fitting examples of docs/spec.md ("Fitting a layer to the frame"): each row's command, run with
/// `--print-spec` on clips of the sizes the page names, gives the top layer the transform the row writes.
final class FitExamplesTests: XCTestCase {
  /// The rows of the page's table: the command and the transform, as written.
  static func rows() throws -> [(command: String, transform: [Double])] {
    let page = try String(
      contentsOf: FixtureFiles.root.appendingPathComponent("docs/spec.md"), encoding: .utf8)
    let section = try XCTUnwrap(page.components(separatedBy: "### Fitting a layer to the frame").dropFirst().first)
    let table = section.components(separatedBy: "\n\n").first { $0.contains("| command") } ?? ""
    return try table.split(separator: "\n").filter { $0.hasPrefix("| `clipmerge ") }.map { line in
      let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      let command = cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
      let numbers = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`[]")).split(separator: ",").map {
        Double($0.trimmingCharacters(in: .whitespaces))
      }
      return (command, try numbers.map { try XCTUnwrap($0, String(line)) })
    }
  }

  func testTheWorkedMatricesAreWhatTheCommandsPrint() throws {
    let folder = FixtureFiles.temporaryFolder()
    for (name, size) in [("landscape.mp4", "640x480"), ("portrait.mp4", "720x1280")] {
      _ = try ClipmergeProcess.runTool(
        "ffmpeg",
        [
          "-nostdin", "-v", "error", "-f", "lavfi", "-i", "color=gray:s=\(size):r=10:d=0.5", "-c:v", "libx264",
          "-preset", "ultrafast", folder.appendingPathComponent(name).path,
        ])
    }
    let rows = try Self.rows()
    XCTAssertGreaterThanOrEqual(rows.count, 7)
    for row in rows {
      let arguments = row.command.split(separator: " ").dropFirst().map(String.init) + ["--print-spec"]
      let result = try ClipmergeProcess.capture(ClipmergeProcess.executable, arguments, in: folder)
      XCTAssertEqual(result.code, 0, "\(row.command)\n\(result.stderr)")
      let spec = try XCTUnwrap(try JSONSerialization.jsonObject(with: result.output) as? [String: Any])
      let video = try XCTUnwrap(spec["video"] as? [String: Any])
      let instruction = try XCTUnwrap((video["instructions"] as? [[String: Any]])?.first)
      let top = try XCTUnwrap((instruction["layers"] as? [[String: Any]])?.first)
      let transform = try XCTUnwrap(top["transform"] as? [Double], "\(row.command): \(top)")
      XCTAssertEqual(transform.count, 6, row.command)
      for (printed, written) in zip(transform, row.transform) {
        XCTAssertEqual(printed, written, accuracy: 0.00005, "\(row.command): printed \(transform)")
      }
      XCTAssertEqual(top["backdrop"] != nil, row.command.contains("--fit blur"), row.command)
    }
  }
}
