import Foundation
import TestSupport
import XCTest

/// Every command stops on SIGINT, SIGTERM and SIGHUP with 130, even while blocked (reading standard input that
/// does not come), leaving no temporary file; a reader that goes away is 141, not a crash or a leftover.
final class SignalTests: XCTestCase {
  private var folder: URL!

  override func setUp() {
    folder = FixtureFiles.temporaryFolder()
  }

  override func tearDown() {
    try? FileManager.default.removeItem(at: folder)
  }

  private let clip = FixtureFiles.path("timing-30.mp4")

  /// Starts clipmerge with `arguments` and `input` as standard input, its standard error to a file.
  private func start(
    _ arguments: [String], input: Pipe, environment: [String: String] = [:]
  ) throws -> (Process, URL) {
    let errors = folder.appendingPathComponent("stderr-\(UUID())")
    try Data().write(to: errors)
    let process = Process()
    process.executableURL = ClipmergeProcess.executable
    process.arguments = arguments
    process.environment = ClipmergeProcess.childEnvironment.merging(environment) { $1 }
    process.standardInput = input
    process.standardOutput = FileHandle.nullDevice
    process.standardError = try FileHandle(forWritingTo: errors)
    try process.run()
    return (process, errors)
  }

  /// Whether the folder holds a temporary file.
  private func hasPartial() -> Bool {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).contains { $0.hasSuffix(".partial") }
  }

  /// Waits up to `seconds` for `process` to end; whether it did.
  private func ended(_ process: Process, within seconds: Double) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while process.isRunning && Date() < deadline { usleep(10_000) }
    return !process.isRunning
  }

  /// Standard input that never comes: the copy of it blocks in read(2), which SIGINT used to restart, so the
  /// run ignored the signal until data arrived. Now each signal ends it with 130 well inside its grace, and
  /// the half-made copy of standard input is gone.
  func testABlockedReadOfStandardInputStopsOnEverySignal() throws {
    for signal in [SIGINT, SIGTERM, SIGHUP] {
      let input = Pipe()
      let (process, errors) = try start(["probe", "-"], input: input)
      usleep(400_000)
      let spools = try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())
        .filter { $0.hasPrefix("clipmerge-stdin-\(process.processIdentifier)-") }
      XCTAssertEqual(spools.count, 1, "the copy of standard input is being made")
      kill(process.processIdentifier, signal)
      let stopped = ended(process, within: 5)
      if !stopped { process.terminate() }
      input.fileHandleForWriting.closeFile()
      process.waitUntilExit()
      XCTAssertTrue(stopped, "signal \(signal) did not stop a blocked read")
      XCTAssertEqual(process.terminationStatus, 130, "signal \(signal)")
      XCTAssertTrue(String(decoding: try Data(contentsOf: errors), as: UTF8.self).contains("interrupted"))
      for name in spools {
        XCTAssertFalse(FileManager.default.fileExists(atPath: NSTemporaryDirectory() + "/" + name))
      }
    }
  }

  /// Runs `arguments` (writing `out.mp4` in the folder) once for each signal, sends it the signal `settle`
  /// seconds after its temporary file appears, and checks it ended 130 within the grace, leaving the folder as
  /// it was.
  private func assertStopsOnEverySignal(_ arguments: [String], settle: Double = 0) throws {
    for signal in [SIGINT, SIGTERM, SIGHUP] {
      let output = folder.appendingPathComponent("out.mp4").path
      let (process, _) = try start(arguments + ["-o", output, "-q"], input: Pipe())
      // Once the temporary file is there, the render is under way.
      let deadline = Date().addingTimeInterval(20)
      while process.isRunning && Date() < deadline && !hasPartial() { usleep(10_000) }
      usleep(useconds_t(settle * 1_000_000))
      XCTAssertTrue(process.isRunning, "\(arguments[0]) was still running when signalled")
      kill(process.processIdentifier, signal)
      XCTAssertTrue(ended(process, within: 5), "signal \(signal)")
      process.waitUntilExit()
      XCTAssertEqual(process.terminationStatus, 130, "signal \(signal)")
      let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix("stderr-") }
      XCTAssertEqual(left, [], "signal \(signal) left files")
    }
  }

  /// A render stopped by each signal ends 130 and leaves the folder as it was (no temporary file).
  func testARenderStopsOnEverySignalLeavingNothing() throws {
    try assertStopsOnEverySignal(["concat"] + Array(repeating: clip, count: 40))
  }

  /// A smart render stopped while its re-encoded runs are being encoded (on threads of their own, several at
  /// once) ends 130 and leaves nothing: every worker stops with it. The output opens before the workers start:
  /// 0.3 s more, and runs are being encoded.
  func testASmartRenderStopsOnEverySignalLeavingNothing() throws {
    let gop = FixtureFiles.path("gop.mp4")
    try assertStopsOnEverySignal(
      ["concat"] + Array(repeating: gop + "#t=0.5,9.5", count: 40) + ["--smart"], settle: 0.3)
  }

  /// A segment job stopped by each signal (a cluster's scancel or a pod's termination is SIGTERM) ends 130, and
  /// its segment is neither written nor left half-written; run again, it renders the segment whole.
  func testASegmentJobStopsOnEverySignalLeavingNothing() throws {
    let job = folder.appendingPathComponent("job").path
    let plan = try ClipmergeProcess.run(
      ["plan", "--segments", "1", job, "--"] + ["concat"] + Array(repeating: clip, count: 40))
    XCTAssertEqual(plan.code, 0, plan.stderr)
    let segments = job + "/segments"
    let files = { ((try? FileManager.default.contentsOfDirectory(atPath: segments)) ?? []) }
    for signal in [SIGINT, SIGTERM, SIGHUP] {
      let (process, _) = try start(["segment", job, "0"], input: Pipe())
      let deadline = Date().addingTimeInterval(20)
      while process.isRunning && Date() < deadline && !files().contains(where: { $0.hasSuffix(".partial") }) {
        usleep(10_000)
      }
      XCTAssertTrue(process.isRunning, "the segment was still rendering when signalled")
      kill(process.processIdentifier, signal)
      XCTAssertTrue(ended(process, within: 5), "signal \(signal)")
      process.waitUntilExit()
      XCTAssertEqual(process.terminationStatus, 130, "signal \(signal)")
      XCTAssertEqual(files(), [], "signal \(signal) left files in segments/")
    }
    let again = try ClipmergeProcess.run(["segment", job, "0"])
    XCTAssertEqual(again.code, 0, again.stderr)
    XCTAssertEqual(files(), ["000.mp4"])
  }

  /// Pictures at forty times (720p, blurred: about 2 s of work), stopped while they are made, leave none of them
  /// (12 to 23 were left); a signal in the first moments of a run of eight is honoured too (it ended 0, the
  /// signal unseen): the run ends 130, or is ended by the signal itself before clipmerge's own code runs, and
  /// leaves no picture and no temporary file.
  func testFramesStoppedLeaveNoPicture() throws {
    let times = (0..<40).map { String(format: "%.2f", 0.1 + Double($0) * 0.2) }
    for (count, delay) in [(40, 600_000), (8, 30_000), (8, 150_000), (8, 300_000)] as [(Int, useconds_t)] {
      let pattern = folder.appendingPathComponent("f-%d.png").path
      let (process, errors) = try start(
        [
          "frame", "--at", times.prefix(count).joined(separator: ","), "-o", pattern, "-y", "--", "concat",
          FixtureFiles.path("gop.mp4"), "--size", "1280x720", "--effect", "blur=8",
        ], input: Pipe())
      usleep(delay)
      XCTAssertTrue(process.isRunning, "\(count) times: still running when signalled after \(delay) µs")
      kill(process.processIdentifier, SIGINT)
      XCTAssertTrue(ended(process, within: 5))
      process.waitUntilExit()
      let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix("stderr-") }
      let said = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
      let context = "\(count) times, signalled after \(delay) µs: \(said)"
      if process.terminationReason == .uncaughtSignal {
        XCTAssertEqual(process.terminationStatus, SIGINT, context)
      } else {
        XCTAssertEqual(process.terminationStatus, 130, context)
        XCTAssertTrue(said.hasSuffix("clipmerge: error: interrupted; no output written\n"), context)
      }
      XCTAssertEqual(left, [], context)
    }
  }

  /// A contact sheet stopped while it renders its cells removes its private folder of cell pictures (it was
  /// left in the temporary folder: the run ended from the watchdog, past the code that removed it).
  func testAContactSheetStoppedLeavesNoFolderOfPictures() throws {
    let scratch = folder.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    let output = folder.appendingPathComponent("sheet.png").path
    let (process, _) = try start(
      ["frame", FixtureFiles.path("gop.mp4"), "--contact-sheet", "12x12", "--width", "4000", "-o", output, "-q"],
      input: Pipe(), environment: ["TMPDIR": scratch.path])
    func pictures() -> [String] {
      let made = (try? FileManager.default.contentsOfDirectory(atPath: scratch.path)) ?? []
      return made.flatMap { name in
        ((try? FileManager.default.contentsOfDirectory(atPath: scratch.path + "/" + name)) ?? []).map {
          name + "/" + $0
        }
      }
    }
    let deadline = Date().addingTimeInterval(20)
    while process.isRunning && Date() < deadline && pictures().count < 2 { usleep(10_000) }
    XCTAssertTrue(process.isRunning, "the sheet was still being made when signalled")
    let made = try FileManager.default.contentsOfDirectory(atPath: scratch.path)
    XCTAssertEqual(made.count, 1, "one private folder")
    if let name = made.first {
      let mode = try FileManager.default.attributesOfItem(atPath: scratch.path + "/" + name)[.posixPermissions]
      XCTAssertEqual(mode as? Int, 0o700)
    }
    kill(process.processIdentifier, SIGTERM)
    XCTAssertTrue(ended(process, within: 5))
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 130)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.path), [], "pictures left behind")
    XCTAssertFalse(FileManager.default.fileExists(atPath: output))
  }

  /// `-o -` into a pipe whose reader goes away after 1000 bytes: exit 141 naming the broken pipe (it was 73,
  /// "cannot write"), for a render and for --copy.
  func testAReaderGoingAwayIs141() throws {
    for extra in [[], ["--copy"]] {
      let output = Pipe()
      let errors = folder.appendingPathComponent("stderr-\(UUID())")
      try Data().write(to: errors)
      let process = Process()
      process.executableURL = ClipmergeProcess.executable
      process.arguments = ["concat"] + Array(repeating: clip, count: 20) + extra + ["-o", "-"]
      process.environment = ClipmergeProcess.childEnvironment
      process.standardInput = FileHandle.nullDevice
      process.standardOutput = output
      process.standardError = try FileHandle(forWritingTo: errors)
      try process.run()
      let head = output.fileHandleForReading.readData(ofLength: 1000)
      XCTAssertEqual(head.count, 1000)
      output.fileHandleForReading.closeFile()
      process.waitUntilExit()
      XCTAssertEqual(process.terminationStatus, 141, "\(extra)")
      XCTAssertTrue(
        String(decoding: try Data(contentsOf: errors), as: UTF8.self).contains("broken pipe"), "\(extra)")
    }
  }
}
