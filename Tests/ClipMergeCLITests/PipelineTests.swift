import Composition
import Engine
import Foundation
import TestSupport
import XCTest

/// clipmerge in shell pipelines, through the built binary: specs and media on standard input, media on standard
/// output, a container named by --format or the spec rather than a file name, and what an interrupt leaves.
final class PipelineTests: XCTestCase {
  let base = FixtureFiles.path("base.mp4")
  let overlay = FixtureFiles.path("overlay.mp4")

  /// Writes `data` to a file and probes it.
  func probe(_ data: Data, name: String = "piped") throws -> ProbeReport {
    let path = FixtureFiles.temporaryFolder().appendingPathComponent(name).path
    try data.write(to: URL(fileURLWithPath: path))
    return try MediaProbe.report(path)
  }

  /// The README's pipeline: `overlay --print-spec | compose - -o -`, with and without --format.
  func testComposeReadsASpecAndWritesMediaThroughPipes() throws {
    let spec = try ClipmergeProcess.run([
      "overlay", base, overlay, "--fade-in", "1,2", "--preset", "ultrafast", "--print-spec",
    ])
    XCTAssertEqual(spec.code, 0, spec.stderr)
    for (format, container) in [(nil, "mov"), ("mkv", "matroska"), ("mpegts", "mpegts")] {
      let result = try ClipmergeProcess.run(
        ["compose", "-", "-o", "-", "-q"] + (format.map { ["--format", $0] } ?? []), input: spec.output)
      XCTAssertEqual(result.code, 0, "\(format ?? "spec's"): \(result.stderr)")
      XCTAssertEqual(result.stderr, "")
      let report = try probe(result.output)
      XCTAssertTrue(report.container.contains(container), "\(format ?? "spec's"): \(report.container)")
      XCTAssertEqual(report.duration ?? 0, 4, accuracy: 0.1)
    }
  }

  func testComposeToAFileWhoseNameSaysNoContainer() throws {
    let folder = FixtureFiles.temporaryFolder()
    let spec = FixtureFiles.root.appendingPathComponent("Fixtures/compositions/pip-fade.json").path
    let out = folder.appendingPathComponent("out.bin").path
    let result = try ClipmergeProcess.run(["compose", spec, "-o", out, "--format", "mkv", "-q"])
    XCTAssertEqual(result.code, 0, result.stderr)
    XCTAssertTrue(try MediaProbe.report(out).container.contains("matroska"))
    // Neither the name, --format nor the spec's output says which container: a usage error, nothing written.
    let bare = try ClipmergeProcess.run(["overlay", base, overlay, "-o", folder.appendingPathComponent("x.bin").path])
    XCTAssertEqual(bare.code, 64)
    XCTAssertTrue(bare.stderr.contains("cannot tell the container from"), bare.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.bin").path))
  }

  func testStandardInputForCopyJoinAndProbe() throws {
    let input = try Data(contentsOf: URL(fileURLWithPath: base))
    let out = FixtureFiles.temporaryFolder().appendingPathComponent("copy.mp4").path
    let copy = try ClipmergeProcess.run(["concat", "-", base, "--copy", "-o", out, "-q"], input: input)
    XCTAssertEqual(copy.code, 0, copy.stderr)
    XCTAssertEqual(try MediaProbe.probe(out).duration, MediaTime(seconds: 8))
    let probe = try ClipmergeProcess.run(["probe", "-"], input: input)
    XCTAssertEqual(probe.code, 0, probe.stderr)
    XCTAssertTrue(probe.stdout.hasPrefix("-: mov,mp4,m4a,3gp,3g2,mj2, 4.000 s"), probe.stdout)
    let bad = try ClipmergeProcess.run(["probe", "-"], input: Data("not media".utf8))
    XCTAssertEqual(bad.code, 65)
    XCTAssertTrue(bad.stderr.hasPrefix("clipmerge: error: -: not a media file"), bad.stderr)
  }

  /// Interrupted after media has gone to standard output: exit 130 and a message that says the stream stops
  /// mid-way (not "no output written", which would be false).
  func testInterruptWhileStreamingSaysTheStreamIsCutShort() throws {
    let process = Process()
    process.executableURL = ClipmergeProcess.executable
    process.environment = ClipmergeProcess.childEnvironment
    process.arguments = ["overlay", base, overlay, "-o", "-", "--preset", "veryslow", "--size", "1920x1080"]
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // The Matroska header arrives first; once bytes have come, interrupt.
    let first = out.fileHandleForReading.availableData
    XCTAssertFalse(first.isEmpty)
    process.interrupt()
    _ = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    XCTAssertEqual(process.terminationStatus, 130, stderr)
    XCTAssertEqual(
      stderr,
      "clipmerge: error: interrupted; what had been written to standard output stops mid-stream (an incomplete file)\n"
    )
  }
}
