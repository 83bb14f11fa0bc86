import Foundation
import TestSupport
import XCTest

/// A job folder whose files no longer are the plan's: a spec edited after the plan, a manifest with a segment
/// removed or a range stretched, a plan whose input is one of its own segments. Each is refused with exit 65
/// (73 for the input written over) and one line, before anything is rendered or joined.
final class TamperedJobTests: XCTestCase {
  let folder = FixtureFiles.temporaryFolder()
  var job: String { folder.appendingPathComponent("job").path }
  let clip = FixtureFiles.path("base.mp4") + "#t=0,2"

  func plan(_ recipe: [String] = []) throws -> ClipmergeProcess.Result {
    try InProcessClipMerge.run(
      ["plan", "--segments", "2", job, "--", "concat"] + (recipe.isEmpty ? [clip, clip] : recipe) + [
        "--preset", "ultrafast",
      ])
  }

  var manifestPath: String { job + "/manifest.json" }

  func manifest() throws -> [String: Any] {
    try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: manifestPath))) as? [String: Any])
  }

  func write(_ object: [String: Any]) throws {
    try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: manifestPath))
  }

  func refusal(_ arguments: [String], _ message: String, code: Int32 = 65) throws {
    let result = try InProcessClipMerge.run(arguments)
    XCTAssertEqual(result.code, code, "\(arguments): \(result.stderr)")
    XCTAssertEqual(result.stderr, "clipmerge: error: \(message)\n", "\(arguments)")
  }

  func testAnEditedSpecIsRefusedBySegmentAndJoin() throws {
    XCTAssertEqual(try plan().code, 0)
    for k in ["0", "1", "audio"] { XCTAssertEqual(try InProcessClipMerge.run(["segment", job, k]).code, 0) }
    // The spec edited (a louder clip), still valid; one segment rendered again from it.
    let spec = job + "/spec.json"
    let text = try String(contentsOfFile: spec, encoding: .utf8)
    try Data(text.replacingOccurrences(of: "\"tracks\"", with: "\"tracks\" ").utf8).write(
      to: URL(fileURLWithPath: spec))
    let changed =
      "\(manifestPath): the job's files are not the ones planned (spec.json or manifest.json changed since the "
      + "plan); plan the job again"
    try refusal(["segment", job, "0"], changed)
    let out = folder.appendingPathComponent("out.mp4").path
    try refusal(["join", job, "-o", out], changed)
    XCTAssertFalse(FileManager.default.fileExists(atPath: out))
  }

  func testAManifestWithASegmentRemovedOrStretchedIsRefused() throws {
    XCTAssertEqual(try plan().code, 0)
    let planned = try manifest()
    var segments = try XCTUnwrap(planned["segments"] as? [[String: Any]])
    let frames = try XCTUnwrap(planned["frameCount"] as? Int)
    // The last segment removed: the rest ends before the output does.
    var removed = planned
    removed["segments"] = Array(segments.dropLast())
    try write(removed)
    let end = try XCTUnwrap(segments[0]["endFrame"] as? Int)
    try refusal(
      ["join", job, "-o", folder.appendingPathComponent("out.mp4").path],
      "\(manifestPath): its segments end at frame \(end) of \(frames); plan the job again")
    // A range stretched to a billion frames: refused at once (segment ran on until killed).
    segments[1]["endFrame"] = 1_000_000_000
    var stretched = planned
    stretched["segments"] = segments
    try write(stretched)
    try refusal(
      ["segment", job, "1"],
      "\(manifestPath): its segments do not cover the output's \(frames) frames one after another; plan the job "
        + "again")
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: job + "/segments"), [])
  }

  func testAPlanWhoseInputIsItsOwnSegmentIsRefused() throws {
    XCTAssertEqual(try plan().code, 0)
    XCTAssertEqual(try InProcessClipMerge.run(["segment", job, "0"]).code, 0)
    let segment = job + "/segments/000.mp4"
    let before = try Data(contentsOf: URL(fileURLWithPath: segment))
    try refusal(
      ["plan", "--segments", "2", job, "--", "concat", segment, clip],
      "\(segment): the input is inside the job folder \(job), whose files the job writes; move it out first",
      code: 73)
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: segment)), before)
  }
}
