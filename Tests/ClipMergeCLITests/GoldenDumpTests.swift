import Foundation
import TestSupport
import XCTest

/// Golden text dumps: what `--print-spec` prints for a few commands, and the packets' times and flags of copy
/// joins (by ffprobe, not our reader), compared line for line with Tests/Golden. A change to either is a change
/// of what users get, made on purpose: `CLIPMERGE_UPDATE_GOLDEN=1 swift test --filter GoldenDumpTests` writes
/// the files anew, and the diff shows it.
final class GoldenDumpTests: XCTestCase {
  private let golden = FixtureFiles.root.appendingPathComponent("Tests/Golden")
  private var fixtures: URL { URL(fileURLWithPath: FixtureFiles.path("gop.mp4")).deletingLastPathComponent() }

  /// Compares `text` with the golden file `name` (or writes it, when asked to).
  private func assertGolden(_ text: String, _ name: String, file: StaticString = #filePath, line: UInt = #line)
    throws
  {
    let url = golden.appendingPathComponent(name)
    if ProcessInfo.processInfo.environment["CLIPMERGE_UPDATE_GOLDEN"] == "1" {
      try Data(text.utf8).write(to: url)
      return XCTFail("wrote \(url.path): review the diff, then run again without CLIPMERGE_UPDATE_GOLDEN")
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
      return XCTFail("\(url.path) is missing (CLIPMERGE_UPDATE_GOLDEN=1 writes it)", file: file, line: line)
    }
    let got = text.split(separator: "\n", omittingEmptySubsequences: false)
    let want = expected.split(separator: "\n", omittingEmptySubsequences: false)
    for (number, (a, b)) in zip(got, want).enumerated() where a != b {
      return XCTFail("\(name) line \(number + 1): got \(a), expected \(b)", file: file, line: line)
    }
    XCTAssertEqual(got.count, want.count, "\(name): line count", file: file, line: line)
  }

  /// The spec a join with trims, a crossfade and a ducked soundtrack; a picture in picture; a title; each as
  /// `--print-spec` prints it (its absolute paths written from the fixtures' folder, so the dump is the same
  /// wherever the checkout is).
  func testPrintedSpecs() throws {
    let jobs: [(String, [String])] = [
      (
        "concat-crossfade-soundtrack.json",
        [
          "concat", "gop.mp4#t=1,3", "gop-b.mp4", "--transition", "crossfade,0.5", "--soundtrack", "music.m4a",
          "--duck",
        ]
      ),
      ("overlay.json", ["overlay", "base.mp4", "overlay.mp4", "--position", "bottom-left"]),
      ("concat-title.json", ["concat", "gop.mp4", "--text", "Hi", "--text-at", "2,3"]),
    ]
    for (name, arguments) in jobs {
      let result = try ClipmergeProcess.capture(
        ClipmergeProcess.executable, arguments + ["--print-spec"], in: fixtures)
      XCTAssertEqual(result.code, 0, "\(name): \(result.stderr)")
      try assertGolden(result.stdout.replacingOccurrences(of: fixtures.path + "/", with: ""), name)
    }
  }

  /// The packets of copy joins (MP4's 1/15360 clock and QuickTime's 1/30000 at 29.97 fps), as ffprobe reads
  /// them: stream, presentation and decode time, duration and whether it is a keyframe (ffprobe's first flag
  /// letter; later versions print more letters after it).
  func testCopyJoinPackets() throws {
    let folder = FixtureFiles.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    for (clip, name) in [("timing-30.mp4", "copy-timing-30.csv"), ("timing-2997.mov", "copy-timing-2997.csv")] {
      let output = folder.appendingPathComponent(name + (clip.hasSuffix(".mov") ? ".mov" : ".mp4")).path
      let join = try InProcessClipMerge.run(
        ["concat", FixtureFiles.path(clip), FixtureFiles.path(clip), "--copy", "-o", output, "-q"])
      XCTAssertEqual(join.code, 0, join.stderr)
      let packets = try ClipmergeProcess.runTool(
        "ffprobe",
        [
          "-v", "error", "-show_entries", "packet=stream_index,pts,dts,duration,flags", "-of", "csv=p=0", output,
        ])
      let keyed = packets.split(separator: "\n", omittingEmptySubsequences: false).map { line in
        guard let comma = line.lastIndex(of: ","), let flag = line[line.index(after: comma)...].first else {
          return String(line)
        }
        return line[...comma] + String(flag)
      }
      try assertGolden(keyed.joined(separator: "\n"), name)
    }
  }
}
