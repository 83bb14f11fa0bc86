import Foundation
import TestSupport
import XCTest

/// The corpus check (scripts/corpus-check.sh, docs/corpus.md) over the real-world clips of ../shared/media: each
/// rendered whole with `concat` and compared with the ffmpeg CLI's own decode of it, picture by picture. Slow for
/// a test (about a minute: 34 files, each decoded three times) because the check is the point: these are files
/// nobody on the team made.
final class SharedMediaCorpusTests: XCTestCase {
  /// The clips clipmerge shows otherwise than the ffmpeg CLI decodes them, each with the reason (docs/corpus.md
  /// says more). A clip that becomes right must leave the list.
  static let knownDifferences: [String: String] = [
    "fate_mpeg2_field_encoding.ts":
      "field-coded MPEG-2 whose pictures the decoder gives as fields of varying timing: 40 frames for 31 pictures",
    "fate_packed_bframes.avi":
      "AVI's packed B-pictures: the ffmpeg CLI times each picture a frame late (from decoding stamps and the"
      + " decoder's delay); clipmerge shows the first at 0",
    "portrait_4k60.mp4":
      "AAC priming: the sound's stated length (0.313 s) is one 60 fps frame past what the decoder gives (0.300 s)",
  ]

  func testEveryClipIsShownAsTheFFmpegCLIDecodesIt() throws {
    let media = try FixtureFiles.sharedMedia()
    let folder = FixtureFiles.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let json = folder.appendingPathComponent("corpus.json")
    let script = FixtureFiles.root.appendingPathComponent("scripts/corpus-check.sh")
    let run = try ClipmergeProcess.capture(
      script, [media.path, "--bin", ClipmergeProcess.executable.path, "--jobs", "2", "--json", json.path])
    let rows = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [[String: Any]], run.stderr)
    XCTAssertGreaterThanOrEqual(rows.count, 30, "the clips of \(media.path)")
    var unexpected: [String] = []
    for row in rows {
      let file = row["file"] as? String ?? "?"
      let verdict = row["verdict"] as? String ?? "?"
      let fine = verdict == "right" || verdict == "refused"
      if fine && Self.knownDifferences[file] != nil {
        unexpected.append("\(file) is now right: take it off the known differences")
      } else if !fine && Self.knownDifferences[file] == nil {
        unexpected.append("\(file): \(verdict) \(row["message"] as? String ?? "")")
      }
    }
    XCTAssertEqual(unexpected, [], String(decoding: run.output, as: UTF8.self))
  }
}
