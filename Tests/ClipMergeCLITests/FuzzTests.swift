import ClipMergeCLI
import Composition
import Foundation
import TestSupport
import XCTest

/// Damaged copies of the fixtures (bit flips, truncations, swapped boxes, ...) run through probe, overlay and
/// concat: clipmerge must end every run itself, with a documented exit code, never a trap or a signal, and
/// leave no partial output. CLIPMERGE_FUZZ_COUNT sets how many copies (`make fuzz` runs thousands).
final class FuzzTests: XCTestCase {
  static let documentedCodes: Set<Int32> = [0, 64, 65, 66, 70, 73]

  func testMutatedFilesNeverCrash() throws {
    let count = Int(ProcessInfo.processInfo.environment["CLIPMERGE_FUZZ_COUNT"] ?? "") ?? 150
    // Interlaced H.264 and 10-bit HLG seeds send damaged pictures through the deinterlacer and the tone mapper;
    // Matroska and a live WebM (no duration, no cues) through the demuxers and the packet scan for their length.
    let names = ["tiny.mp4", "tiny.webm", "interlaced.mp4", "hlg.mp4", "tiny.mkv", "live.webm", "logo.png"]
    let seeds = try names.map { try Array(Data(contentsOf: URL(fileURLWithPath: FixtureFiles.path($0)))) }
    let base = FixtureFiles.path("tiny.mp4")
    let folder = FixtureFiles.temporaryFolder()
    var mutator = Mutator(seed: UInt64(ProcessInfo.processInfo.environment["CLIPMERGE_FUZZ_SEED"] ?? "") ?? 2026)
    var jobs: [Job] = []
    for i in 0..<count {
      let seedIndex = i % seeds.count
      let (bytes, how) = mutator.mutate(seeds[seedIndex])
      let name = "m\(i).\((names[seedIndex] as NSString).pathExtension)"
      let path = folder.appendingPathComponent(name).path
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      jobs.append((name, how, ["probe", "--json", path], nil))
      let out = folder.appendingPathComponent("out\(i).mp4").path
      let render =
        i % 2 == 0
        ? ["overlay", base, path, "-o", out, "--preset", "ultrafast", "-q"]
        : ["concat", path, base, path, "-o", out, "--preset", "ultrafast", "-q"]
      jobs.append((name, how, render, out))
    }
    let started = Date()
    let crashes = Self.crashes(jobs)
    let partials = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".partial") }
    XCTAssertEqual(partials, [], "temporary files left behind")
    XCTAssertEqual(crashes, [], "\(crashes.count) of \(jobs.count) runs crashed")
    print("fuzz: \(jobs.count) runs on \(count) mutated files in \(Int(Date().timeIntervalSince(started))) s")
  }

  /// Mutated and random specs (every example spec as a seed) through compose: every one is refused with a
  /// documented exit code or rendered, never a trap.
  func testMutatedSpecsNeverCrash() throws {
    try composeMutated(seeds: "Fixtures/compositions", suffix: "json", renderEvery: 5)
  }

  /// Mutated OpenTimelineIO timelines (Fixtures/timelines as seeds: cuts, gaps, tracks, a dissolve, a time warp,
  /// a freeze) through compose: every one is refused with a documented exit code or rendered, never a trap.
  func testMutatedTimelinesNeverCrash() throws {
    try composeMutated(seeds: "Fixtures/timelines", suffix: "otio", renderEvery: 10)
  }

  /// Mutations of every `.suffix` file of the `seeds` folder (whose media they name as ../generated/NAME) through
  /// `compose --dry-run`, and every `renderEvery`th through a render.
  private func composeMutated(seeds folderName: String, suffix: String, renderEvery: Int) throws {
    let count = Int(ProcessInfo.processInfo.environment["CLIPMERGE_FUZZ_COUNT"] ?? "") ?? 150
    let examples = FixtureFiles.root.appendingPathComponent(folderName)
    let seeds = try FileManager.default.contentsOfDirectory(atPath: examples.path).filter { $0.hasSuffix("." + suffix) }
      .sorted().map { try Array(Data(contentsOf: examples.appendingPathComponent($0))) }
    XCTAssertGreaterThanOrEqual(seeds.count, 2)
    // The same layout in a folder of our own.
    let root = FixtureFiles.temporaryFolder()
    let folder = root.appendingPathComponent("seeds")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      at: root.appendingPathComponent("generated"),
      withDestinationURL: FixtureFiles.root.appendingPathComponent("Fixtures/generated"))
    var mutator = SpecMutator(seed: UInt64(ProcessInfo.processInfo.environment["CLIPMERGE_FUZZ_SEED"] ?? "") ?? 2026)
    var jobs: [Job] = []
    for i in 0..<count {
      let (bytes, how) = mutator.mutate(seeds[i % seeds.count])
      let name = "s\(i).\(suffix)"
      let path = folder.appendingPathComponent(name).path
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      jobs.append((name, how, ["compose", path, "--dry-run"], nil))
      if i % renderEvery == 0 {
        let out = folder.appendingPathComponent("out\(i).mp4").path
        jobs.append((name, how, ["compose", path, "-o", out, "--preset", "ultrafast", "-q", "-y"], out))
      }
    }
    let crashes = Self.crashes(jobs)
    XCTAssertEqual(crashes, [], "\(crashes.count) of \(jobs.count) runs crashed")
  }

  /// Damaged subtitle files (SRT, WebVTT, ASS) burned into a tiny clip: refused with a documented exit code or
  /// rendered, never a trap.
  func testMutatedSubtitlesNeverCrash() throws {
    // With a hostile seed too: a cue asking libass for a glyph of 5000 pixels, blurred, bordered, stretched ten
    // times (14.7 GB before the limits).
    let hostile = FixtureFiles.temporaryFolder().appendingPathComponent("hostile.ass").path
    let talk = try String(contentsOfFile: FixtureFiles.path("talk.ass"), encoding: .utf8)
    let events = try XCTUnwrap(talk.range(of: "[Events]"))
    try
      (String(talk[..<events.lowerBound]) + "[Events]\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, "
      + "MarginV, Effect, Text\nDialogue: 0,0:00:00.00,0:00:02.00,Default,,0,0,0,,"
      + "{\\fs5000\\blur100\\bord500\\shad500\\fscx1000\\fscy1000}" + String(repeating: "W", count: 50) + "\n")
      .write(toFile: hostile, atomically: true, encoding: .utf8)
    try renderWithMutated(["talk.srt", "talk.vtt", "talk.ass", hostile]) { ["--subtitles", $0] }
  }

  /// Damaged colour tables (.cube) as a concat's lut effect: refused with a documented exit code (naming the
  /// file) or rendered, never a trap.
  func testMutatedColourTablesNeverCrash() throws {
    try renderWithMutated(["identity.cube", "warm.cube"]) { ["--effect", "lut=\($0)"] }
  }

  /// Damaged clip lists (`@list`, in both of its forms) as concat's clips: refused with a documented exit code
  /// (naming the list) or rendered, never a trap (ConcatCommandTests checks that no line is echoed).
  func testMutatedClipListsNeverCrash() throws {
    let count = Int(ProcessInfo.processInfo.environment["CLIPMERGE_FUZZ_COUNT"] ?? "") ?? 150
    let tiny = FixtureFiles.path("tiny.mp4")
    let seeds = [
      Array("# clips\n\(tiny)\n\(tiny)#t=0.1,0.3\n\(tiny)#t=0.1,0.5&speed=-2\n\(tiny)#freeze=0.2,0.1\n".utf8),
      Array("ffconcat version 1.0\nfile '\(tiny)'\ninpoint 0.1\noutpoint 0.3\nfile '\(tiny)'\n".utf8),
    ]
    let folder = FixtureFiles.temporaryFolder()
    var mutator = Mutator(seed: UInt64(ProcessInfo.processInfo.environment["CLIPMERGE_FUZZ_SEED"] ?? "") ?? 2026)
    var jobs: [Job] = []
    for i in 0..<count {
      let (bytes, how) = mutator.mutate(seeds[i % seeds.count])
      let path = folder.appendingPathComponent("m\(i).txt").path
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      let out = folder.appendingPathComponent("out\(i).mp4").path
      jobs.append(("m\(i).txt", how, ["concat", "@" + path, "-o", out, "--preset", "ultrafast", "-q"], out))
    }
    let crashes = Self.crashes(jobs)
    XCTAssertEqual(crashes, [], "\(crashes.count) of \(jobs.count) runs crashed")
  }

  /// Clip fragments (`#t=`, `&speed=`, `#freeze=`) damaged thousands of ways: each parses or gets a one-line
  /// reason (one line on the console), never a trap; what parses is within the documented ranges.
  func testMutatedFragmentsNeverTrap() {
    let seeds = ["a.mp4#t=1,2&speed=-0.5", "a.mp4#freeze=2,1", "a.mp4#t=npt:0:01,0:02.5&speed=1/3", "b#t=,3"]
    var mutator = Mutator(seed: 2026)
    for i in 0..<20_000 {
      let (bytes, how) = mutator.mutate(Array(seeds[i % seeds.count].utf8))
      let text = String(decoding: bytes, as: UTF8.self)
      if let clip = ClipReference(parsing: text) {
        XCTAssertTrue(
          clip.rate.factor >= PlaybackRate.slowest && clip.rate.factor <= PlaybackRate.fastest, "\(how): \(text)")
        XCTAssertTrue(clip.freeze.map { $0.duration > .zero } ?? true, "\(how): \(text)")
        XCTAssertNil(ClipReference.problem(parsing: text))
      } else {
        // A mutated value may hold line breaks: the console shows them escaped, so the error stays one line.
        let problem = ClipReference.problem(parsing: text) ?? ""
        XCTAssertFalse(problem.isEmpty || Console.errorLines(problem).contains("\n"), "\(how): \(text)")
      }
    }
  }

  /// Mutated copies of the fixtures `names`, each given to a concat of tiny.mp4 by `options(path)`.
  func renderWithMutated(_ names: [String], options: (String) -> [String]) throws {
    let count = Int(ProcessInfo.processInfo.environment["CLIPMERGE_FUZZ_COUNT"] ?? "") ?? 150
    // A name is a fixture's, or a path of the test's own making.
    let seeds = try names.map {
      try Array(Data(contentsOf: URL(fileURLWithPath: $0.hasPrefix("/") ? $0 : FixtureFiles.path($0))))
    }
    let folder = FixtureFiles.temporaryFolder()
    var mutator = Mutator(seed: UInt64(ProcessInfo.processInfo.environment["CLIPMERGE_FUZZ_SEED"] ?? "") ?? 2026)
    var jobs: [Job] = []
    for i in 0..<count {
      let (bytes, how) = mutator.mutate(seeds[i % seeds.count])
      let name = "m\(i).\((names[i % names.count] as NSString).pathExtension)"
      let path = folder.appendingPathComponent(name).path
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      let out = folder.appendingPathComponent("out\(i).mp4").path
      jobs.append(
        (
          name, how,
          ["concat", FixtureFiles.path("tiny.mp4")] + options(path) + ["-o", out, "--preset", "ultrafast", "-q"], out
        ))
    }
    let crashes = Self.crashes(jobs)
    XCTAssertEqual(crashes, [], "\(crashes.count) of \(jobs.count) runs crashed")
  }

  /// One run: the damaged file's name, how it was damaged, the arguments, and the output it must not leave on
  /// failure.
  typealias Job = (name: String, how: String, arguments: [String], output: String?)

  /// Runs `jobs`, two at a time, and says of each that did not end as documented what happened: an undocumented
  /// exit code, a signal, a run over 60 s, or a partial output left behind.
  static func crashes(_ jobs: [Job]) -> [String] {
    var crashes: [String] = []
    for (job, outcome) in zip(jobs, runAll(jobs.map(\.arguments), parallel: 2)) {
      let what = "\(job.name) (\(job.how)): \(job.arguments[0])"
      switch outcome {
      case .exited(let code):
        if !documentedCodes.contains(code) { crashes.append("\(what): exit \(code)") }
        if let out = job.output, code != 0, FileManager.default.fileExists(atPath: out) {
          crashes.append("\(what) failed but left \(out)")
        }
      case .signalled(let signal): crashes.append("\(what) killed by signal \(signal)")
      case .timedOut: crashes.append("\(what) still running after 60 s")
      }
    }
    return crashes
  }

  enum Outcome {
    case exited(Int32)
    case signalled(Int32)
    case timedOut
  }

  /// Runs the built binary once per argument list, `parallel` at a time.
  static func runAll(_ runs: [[String]], parallel: Int) -> [Outcome] {
    var outcomes = [Outcome](repeating: .timedOut, count: runs.count)
    var next = 0
    var running: [(index: Int, process: Process, started: Date)] = []
    while next < runs.count || !running.isEmpty {
      while running.count < parallel && next < runs.count {
        let process = Process()
        process.executableURL = ClipmergeProcess.executable
        process.environment = ClipmergeProcess.childEnvironment
        process.arguments = runs[next]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        if (try? process.run()) != nil { running.append((next, process, Date())) }
        next += 1
      }
      usleep(5_000)
      running.removeAll { run in
        if run.process.isRunning {
          if Date().timeIntervalSince(run.started) > 60 {
            run.process.terminate()
            run.process.waitUntilExit()
            outcomes[run.index] = .timedOut
            return true
          }
          return false
        }
        outcomes[run.index] =
          run.process.terminationReason == .uncaughtSignal
          ? .signalled(run.process.terminationStatus) : .exited(run.process.terminationStatus)
        return true
      }
    }
    return outcomes
  }
}
