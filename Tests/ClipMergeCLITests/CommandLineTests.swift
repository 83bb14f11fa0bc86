import Engine
import Foundation
import TestSupport
import XCTest

/// Exit codes, one-line errors naming the file, no output left behind, help text: in process through
/// `ClipMerge.main`, and as the built executable where what reaches the real standard output and error matters
/// (a render's stdout stays empty, damaged and cut-short inputs, -q's silence).
final class CommandLineTests: XCTestCase {
  var folder: URL!

  override func setUp() {
    folder = FixtureFiles.temporaryFolder()
  }

  func out(_ name: String = "out.mov") -> String { folder.appendingPathComponent(name).path }

  func assertNoOutput(file: StaticString = #filePath, line: UInt = #line) throws {
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [], file: file, line: line)
  }

  func testOverlayWritesAPlayableFile() throws {
    let result = try ClipmergeProcess.run([
      "overlay", FixtureFiles.path("base.mp4"), FixtureFiles.path("overlay.mp4"), "-o", out(), "--preset", "ultrafast",
      "--fade-in", "1,1",
    ])
    XCTAssertEqual(result.code, 0, result.stderr)
    XCTAssertEqual(result.stdout, "", "nothing but media ever goes to stdout")
    XCTAssertEqual(result.stderr, "clipmerge: wrote \(out()) (4.000 s, 120 frames, 192000 audio samples)\n")
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["out.mov"])
  }

  func testMissingInputExits66NamingTheFile() throws {
    let result = try InProcessClipMerge.run(["overlay", "/no/such.mp4", FixtureFiles.path("overlay.mp4"), "-o", out()])
    XCTAssertEqual(result.code, 66)
    XCTAssertEqual(result.stderr, "clipmerge: error: /no/such.mp4: no such file\n")
    try assertNoOutput()
  }

  func testNotMediaExits65() throws {
    let bad = FixtureFiles.path("not-media.mp4")
    let result = try ClipmergeProcess.run(["overlay", FixtureFiles.path("base.mp4"), bad, "-o", out()])
    XCTAssertEqual(result.code, 65)
    XCTAssertTrue(
      result.stderr.hasPrefix("clipmerge: error: \(bad): not a media file clipmerge can read"), result.stderr)
    XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, "one line")
    try assertNoOutput()
  }

  func testNoVideoStreamExits65() throws {
    let audio = FixtureFiles.path("audio-only.m4a")
    let result = try InProcessClipMerge.run(["overlay", audio, FixtureFiles.path("overlay.mp4"), "-o", out()])
    XCTAssertEqual(result.code, 65)
    XCTAssertEqual(result.stderr, "clipmerge: error: \(audio): no video stream\n")
    try assertNoOutput()
  }

  func testExistingOutputIsNeverReplacedWithoutY() throws {
    try Data("keep".utf8).write(to: URL(fileURLWithPath: out()))
    let args = [
      "overlay", FixtureFiles.path("base.mp4"), FixtureFiles.path("overlay.mp4"), "-o", out(), "--preset", "ultrafast",
    ]
    let refused = try ClipmergeProcess.run(args)
    XCTAssertEqual(refused.code, 73)
    XCTAssertEqual(refused.stderr, "clipmerge: error: \(out()): the output exists; pass -y to replace it\n")
    XCTAssertEqual(try String(contentsOfFile: out(), encoding: .utf8), "keep")
    let replaced = try ClipmergeProcess.run(args + ["-y", "-q"])
    XCTAssertEqual(replaced.code, 0, replaced.stderr)
    XCTAssertEqual(replaced.stderr, "")
    XCTAssertGreaterThan(try FileManager.default.attributesOfItem(atPath: out())[.size] as? Int ?? 0, 1000)
  }

  func testWritingOverAnInputIsRefusedEvenWithY() throws {
    let copy = out("copy.mp4")
    try FileManager.default.copyItem(atPath: FixtureFiles.path("base.mp4"), toPath: copy)
    let before = try Data(contentsOf: URL(fileURLWithPath: copy))
    let result = try InProcessClipMerge.run([
      "overlay", copy, FixtureFiles.path("overlay.mp4"), "-o", folder.path + "/./copy.mp4", "-y",
    ])
    XCTAssertEqual(result.code, 73)
    XCTAssertTrue(result.stderr.contains("the output is one of the inputs"), result.stderr)
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: copy)), before)
  }

  func testMissingOutputFolderExits73() throws {
    let result = try InProcessClipMerge.run([
      "overlay", FixtureFiles.path("base.mp4"), FixtureFiles.path("overlay.mp4"), "-o", "/no/such/folder/out.mov",
    ])
    XCTAssertEqual(result.code, 73)
    XCTAssertEqual(
      result.stderr,
      "clipmerge: error: /no/such/folder/out.mov: cannot create the output: no such folder '/no/such/folder'\n")
  }

  func testUsageErrorsExit64() throws {
    let result = try InProcessClipMerge.run(["overlay", "a.mp4", "b.mp4", "-o", out(), "--scale", "big"])
    XCTAssertEqual(result.code, 64)
    XCTAssertEqual(result.stderr, "clipmerge: error: --scale: expected a number above 0 and at most 16, got 'big'\n")
    let unknown = try InProcessClipMerge.run(["splice"])
    XCTAssertEqual(unknown.code, 64)
    XCTAssertEqual(unknown.stderr, "clipmerge: error: unknown command 'splice'; see clipmerge --help\n")
    XCTAssertEqual(try InProcessClipMerge.run([]).code, 64)
  }

  func testHelpAndVersion() throws {
    let help = try InProcessClipMerge.run(["--help"])
    XCTAssertEqual(help.code, 0)
    XCTAssertTrue(
      help.stdout.hasPrefix(
        "OVERVIEW: Join, overlay and soundtrack video from the shell, on FFmpeg's libraries.\n\nUSAGE: clipmerge <command>"
      ))
    XCTAssertTrue(help.stdout.contains("  64                      usage error"), help.stdout)
    let overlay = try InProcessClipMerge.run(["overlay", "--help"])
    XCTAssertEqual(overlay.code, 0)
    XCTAssertTrue(overlay.stdout.hasPrefix("OVERVIEW: Picture-in-picture"))
    XCTAssertTrue(overlay.stdout.contains("  --fade-in START,DURATION\n"), overlay.stdout)
    XCTAssertTrue(overlay.stdout.contains("  -o, --output FILE       Output file"), overlay.stdout)
    let version = try InProcessClipMerge.run(["--version"])
    XCTAssertEqual(version.stdout, "clipmerge 0.1.0\n")
  }

  func testInterruptRemovesThePartialFileAndExits130() throws {
    let process = Process()
    process.executableURL = ClipmergeProcess.executable
    process.environment = ClipmergeProcess.childEnvironment
    process.arguments = [
      "overlay", FixtureFiles.path("base.mp4"), FixtureFiles.path("overlay.mp4"), "-o", out(), "--preset", "veryslow",
      "--size", "1920x1080",
    ]
    let err = Pipe()
    process.standardError = err
    try process.run()
    // Wait until the temporary file exists, i.e. rendering has begun.
    let deadline = Date().addingTimeInterval(20)
    while Date() < deadline && (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.isEmpty ?? true {
      usleep(20_000)
    }
    process.interrupt()
    process.waitUntilExit()
    let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    XCTAssertEqual(process.terminationStatus, 130, stderr)
    XCTAssertEqual(stderr, "clipmerge: error: interrupted; no output written\n")
    try assertNoOutput()
  }

  /// Three hundred clips join with at most 40 files open at once: inputs are opened only while they play.
  func testThreeHundredClipsWithFewOpenFiles() throws {
    let clip = FixtureFiles.path("tiny.mp4") + "#t=0,0.1"
    let arguments =
      ["concat"] + Array(repeating: clip, count: 300) + ["-o", out("many.mp4"), "--preset", "ultrafast", "-q"]
    let quoted = ([ClipmergeProcess.executable.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
    let result = try ClipmergeProcess.capture(
      URL(fileURLWithPath: "/bin/bash"), ["-c", "ulimit -n 40 && exec \(quoted)"])
    XCTAssertEqual(result.code, 0, result.stderr)
    let report = try MediaProbe.report(out("many.mp4"))
    XCTAssertEqual(report.duration ?? 0, 30, accuracy: 0.05, "300 × 0.1 s")
  }

  /// Damaged data is skipped with a warning naming the file and the time; --strict refuses it.
  func testDamagedInputWarnsOrFailsWithStrict() throws {
    let damaged = FixtureFiles.path("damaged.mp4")
    let result = try ClipmergeProcess.run(["concat", damaged, "-o", out(), "--preset", "ultrafast"])
    XCTAssertEqual(result.code, 0, result.stderr)
    let warning = try XCTUnwrap(result.stderr.split(separator: "\n").first.map(String.init))
    XCTAssertTrue(warning.hasPrefix("clipmerge: warning: \(damaged): skipped "), warning)
    XCTAssertTrue(warning.contains("damaged packet"), warning)
    XCTAssertTrue(warning.contains(", the first at "), warning)
    XCTAssertTrue(result.stderr.contains("(4.000 s, 120 frames, 192000 audio samples)"), "still whole and in sync")
    let strict = try ClipmergeProcess.run(["concat", damaged, "-o", out("strict.mov"), "--strict"])
    XCTAssertEqual(strict.code, 65)
    XCTAssertTrue(strict.stderr.hasPrefix("clipmerge: error: \(damaged): decoding failed at "), strict.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: out("strict.mov")))
  }

  /// A file cut short keeps an index listing 4 s; clipmerge uses where its data really ends, and says so.
  func testTruncatedFileUsesWhereItsDataEnds() throws {
    let truncated = FixtureFiles.path("truncated.mp4")
    let report = try MediaProbe.report(truncated)
    let duration = try XCTUnwrap(report.duration)
    XCTAssertEqual(report.statedDuration, 4)
    XCTAssertLessThan(duration, 3.5)
    XCTAssertGreaterThan(duration, 0.5)
    let result = try ClipmergeProcess.run(["concat", truncated, "-o", out(), "--preset", "ultrafast"])
    XCTAssertEqual(result.code, 0, result.stderr)
    XCTAssertTrue(
      result.stderr.hasPrefix("clipmerge: warning: \(truncated): truncated: its data ends at "), result.stderr)
    let output = try XCTUnwrap(MediaProbe.report(out()).duration)
    XCTAssertEqual(output, duration, accuracy: 1.0 / 30 + 0.001, "the output ends where the data ends")
  }
}
