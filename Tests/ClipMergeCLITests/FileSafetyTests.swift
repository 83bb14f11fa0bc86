import Engine
import Foundation
import TestSupport
import XCTest

/// Nothing overwritten, nothing hijacked, nothing left behind: hostile symlinks, races, devices, reports, job
/// folders with tampered manifests and hostile names, failed writes to the standard streams, FIFO inputs.
final class FileSafetyTests: XCTestCase {
  private var folder: URL!

  override func setUp() {
    folder = FixtureFiles.temporaryFolder()
  }

  override func tearDown() {
    try? FileManager.default.removeItem(at: folder)
  }

  private func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
  private let clip = FixtureFiles.path("timing-30.mp4")

  private func entries() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
  }

  private func isSymlink(_ path: String) -> Bool {
    (try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType) == .typeSymbolicLink
  }

  /// Symlinks planted under the temporary names the next few hundred process IDs would have had (the name was
  /// `.out.mp4.clipmerge-PID.partial`, so this failed before temporary names got a random part and O_NOFOLLOW)
  /// are never written through: the victim keeps its bytes, the output is a regular file, for a render,
  /// `--copy`, a still and a report. With -y, a symlink at the target itself is replaced, not followed.
  func testPlantedSymlinksAreNotFollowed() throws {
    let victim = path("victim.txt")
    try Data("precious\n".utf8).write(to: URL(fileURLWithPath: victim))
    let next = ProcessInfo.processInfo.processIdentifier
    let outputs = ["render.mp4", "copy.mp4", "still.png", "report.json"]
    for name in outputs {
      for pid in next..<next + 400 {
        try? FileManager.default.createSymbolicLink(
          atPath: path(".\(name).clipmerge-\(pid).partial"), withDestinationPath: victim)
      }
    }
    XCTAssertEqual(
      try ClipmergeProcess.run(["concat", clip, "-o", path("render.mp4"), "-q", "--report", path("report.json")]).code,
      0)
    XCTAssertEqual(try ClipmergeProcess.run(["concat", clip, clip, "--copy", "-o", path("copy.mp4"), "-q"]).code, 0)
    XCTAssertEqual(try ClipmergeProcess.run(["frame", clip, "--at", "1", "-o", path("still.png"), "-q"]).code, 0)
    XCTAssertEqual(String(decoding: try Data(contentsOf: URL(fileURLWithPath: victim)), as: UTF8.self), "precious\n")
    for name in outputs {
      XCTAssertFalse(isSymlink(path(name)), "\(name) is a file of its own")
      XCTAssertGreaterThan(try Data(contentsOf: URL(fileURLWithPath: path(name))).count, 0, name)
    }
    try FileManager.default.createSymbolicLink(atPath: path("linked.mp4"), withDestinationPath: victim)
    XCTAssertEqual(try ClipmergeProcess.run(["concat", clip, "-o", path("linked.mp4"), "-y", "-q"]).code, 0)
    XCTAssertFalse(isSymlink(path("linked.mp4")), "the symlink was replaced")
    XCTAssertEqual(String(decoding: try Data(contentsOf: URL(fileURLWithPath: victim)), as: UTF8.self), "precious\n")
  }

  /// Two runs racing for one name without -y: one wins, the other fails with 73 and replaces nothing; nothing
  /// temporary is left.
  func testRacingRunsDoNotReplaceEachOther() throws {
    let out = path("race.mp4")
    let arguments = ["concat", FixtureFiles.path("gop.mp4"), "-o", out, "--preset", "ultrafast", "-q"]
    let group = DispatchGroup()
    let codes = Codes()
    for _ in 0..<2 {
      group.enter()
      DispatchQueue.global().async {
        let code = (try? ClipmergeProcess.run(arguments).code) ?? -1
        codes.append(code)
        group.leave()
      }
    }
    group.wait()
    XCTAssertEqual(codes.sorted, [0, 73])
    XCTAssertEqual(try entries(), ["race.mp4"])
  }

  /// A device target is written into and stays a device; a FIFO target is written into (its reader gets the
  /// whole Matroska file) and stays a FIFO.
  func testDeviceAndFIFOTargetsAreWrittenIntoNotReplaced() throws {
    XCTAssertEqual(
      try ClipmergeProcess.run(["concat", clip, "-o", "/dev/null", "--format", "mp4", "-y", "-q"]).code, 0)
    var info = stat()
    XCTAssertEqual(lstat("/dev/null", &info), 0)
    XCTAssertEqual(info.st_mode & S_IFMT, S_IFCHR, "/dev/null is still a character device")
    let fifo = path("out.mkv")
    XCTAssertEqual(mkfifo(fifo, 0o600), 0)
    let received = path("received.mkv")
    let reader = Process()
    reader.executableURL = URL(fileURLWithPath: "/bin/sh")
    reader.arguments = ["-c", "cat \"$0\" > \"$1\"", fifo, received]
    try reader.run()
    let written = try ClipmergeProcess.run(["concat", clip, "-o", fifo, "-y", "-q"])
    // Whatever happened, the reader is let go: a writer that opens and closes gives it its end of file.
    close(open(fifo, O_WRONLY | O_NONBLOCK))
    reader.waitUntilExit()
    XCTAssertEqual(written.code, 0, written.stderr)
    XCTAssertEqual(lstat(fifo, &info), 0)
    XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO, "the FIFO is still a FIFO")
    let frames = try ClipmergeProcess.runTool(
      "ffprobe", ["-v", "error", "-count_frames", "-show_entries", "stream=nb_read_frames", "-of", "csv=p=0", received])
    XCTAssertEqual(frames.trimmingCharacters(in: .whitespacesAndNewlines), "60")
  }

  /// `--report FILE` follows the output's rules before anything is rendered: not over an input (even with -y),
  /// not over the output, not over an existing file without -y.
  func testReportFollowsTheOutputsRules() throws {
    let copy = path("input.mp4")
    try FileManager.default.copyItem(atPath: clip, toPath: copy)
    let before = try Data(contentsOf: URL(fileURLWithPath: copy))
    let overInput = try ClipmergeProcess.run(["concat", copy, "-o", path("out.mp4"), "-y", "--report", copy])
    XCTAssertEqual(overInput.code, 73, overInput.stderr)
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: copy)), before)
    let overOutput = try ClipmergeProcess.run([
      "concat", copy, "-o", path("out.mp4"), "-y", "--report", path("out.mp4"),
    ])
    XCTAssertEqual(overOutput.code, 64, overOutput.stderr)
    try Data("mine\n".utf8).write(to: URL(fileURLWithPath: path("notes.txt")))
    let existing = try ClipmergeProcess.run(["concat", copy, "-o", path("out.mp4"), "--report", path("notes.txt")])
    XCTAssertEqual(existing.code, 73, existing.stderr)
    XCTAssertEqual(try String(contentsOfFile: path("notes.txt"), encoding: .utf8), "mine\n")
    XCTAssertEqual(try entries(), ["input.mp4", "notes.txt"], "nothing rendered before the report was refused")
    let stdout = try ClipmergeProcess.run(["concat", copy, "-o", path("out.mp4"), "-q", "--report", "-"])
    XCTAssertEqual(stdout.code, 0, stdout.stderr)
    XCTAssertTrue(stdout.stdout.contains("\"frames\":60"), stdout.stdout)
  }

  /// Files a command reads are never written over, even with -y: a `.cube` table, the spec being composed,
  /// `frame`'s spec.
  func testInputsOfEveryKindAreProtected() throws {
    let table = path("warm.cube")
    try FileManager.default.copyItem(atPath: FixtureFiles.path("warm.cube"), toPath: table)
    let lut = try ClipmergeProcess.run([
      "concat", clip, "--effect", "lut=\(table)", "-o", table, "--format", "mp4", "-y",
    ])
    XCTAssertEqual(lut.code, 73, lut.stderr)
    let spec = path("spec.json")
    let printed = try ClipmergeProcess.run(["concat", clip, "--print-spec"])
    try printed.output.write(to: URL(fileURLWithPath: spec))
    let compose = try ClipmergeProcess.run(["compose", spec, "-o", spec, "--format", "mp4", "-y"])
    XCTAssertEqual(compose.code, 73, compose.stderr)
    let still = try ClipmergeProcess.run(["frame", spec, "--at", "1", "-o", spec, "--format", "png", "-y"])
    XCTAssertEqual(still.code, 73, still.stderr)
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: spec)), printed.output)
    XCTAssertEqual(
      try Data(contentsOf: URL(fileURLWithPath: table)),
      try Data(contentsOf: URL(fileURLWithPath: FixtureFiles.path("warm.cube"))))
  }

  /// A name that looks like one of FFmpeg's protocols is the file of that name: `cache:v.mp4` beside `v.mp4` is
  /// read as itself (it was v.mp4 through the cache protocol, then v.mp4 was replaced: the input written over);
  /// `file:file:x.mp4` is the file named `file:x.mp4`; a file named `pipe:0` is read, not standard input; a URL
  /// is refused.
  func testProtocolLookalikesAreTheFilesTheyName() throws {
    let lookalike = path("cache:v.mp4")
    try FileManager.default.copyItem(atPath: FixtureFiles.path("base.mp4"), toPath: lookalike)
    try FileManager.default.copyItem(atPath: FixtureFiles.path("overlay.mp4"), toPath: path("v.mp4"))
    let before = try Data(contentsOf: URL(fileURLWithPath: lookalike))
    let made = try InProcessClipMerge.run(["concat", lookalike, "-o", path("v.mp4"), "-y", "--preset", "ultrafast"])
    XCTAssertEqual(made.code, 0, made.stderr)
    // The output is base.mp4's 4 s at 320x240 (overlay.mp4 is 3 s at 160x120), and the input is unchanged.
    let probed = try ClipmergeProcess.runTool(
      "ffprobe",
      [
        "-v", "error", "-select_streams", "v", "-show_entries", "stream=width,duration", "-of", "csv=p=0",
        path("v.mp4"),
      ])
    XCTAssertEqual(probed.trimmingCharacters(in: .whitespacesAndNewlines), "320,4.000000")
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: lookalike)), before)
    // file:file:x.mp4 names `file:x.mp4`; writing over it is writing over the input.
    try FileManager.default.copyItem(atPath: FixtureFiles.path("base.mp4"), toPath: path("file:x.mp4"))
    let same = try InProcessClipMerge.run(["concat", "file:" + path("file:x.mp4"), "-o", path("file:x.mp4"), "-y"])
    XCTAssertEqual(same.code, 73, same.stderr)
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path("file:x.mp4"))), before)
    // pipe:0 is a file here, not standard input.
    let pipe = path("pipe:0")
    try FileManager.default.copyItem(atPath: FixtureFiles.path("overlay.mp4"), toPath: pipe)
    let probe = try ClipmergeProcess.run(["probe", pipe], input: Data("not media".utf8))
    XCTAssertEqual(probe.code, 0, probe.stderr)
    XCTAssertTrue(probe.stdout.hasPrefix("\(pipe): mov,mp4"), probe.stdout)
    let url = try InProcessClipMerge.run(["probe", "https://example.com/a.mp4"])
    XCTAssertEqual(url.code, 66)
    XCTAssertEqual(
      url.stderr,
      "clipmerge: error: https://example.com/a.mp4: no such file (clipmerge reads local files, not URLs: download it "
        + "first)\n")
  }

  /// A clip list read by concat is an input: neither the output nor the report may replace it, even with -y, in a
  /// render or a stream copy; the list is unchanged and nothing is written.
  func testAClipListIsNeverWrittenOver() throws {
    let list = path("list.txt")
    let listed = Data("\(clip)\n\(clip)#t=0,1\n".utf8)
    try listed.write(to: URL(fileURLWithPath: list))
    let runs: [[String]] = [
      ["concat", "@" + list, "-o", list, "--format", "mp4", "-y", "--preset", "ultrafast"],
      ["concat", "@" + list, "-o", path("out.mp4"), "--report", list, "-y", "--preset", "ultrafast"],
      ["concat", "@" + list, "-o", list, "--format", "mp4", "-y", "--copy"],
    ]
    for arguments in runs {
      let result = try InProcessClipMerge.run(arguments)
      XCTAssertEqual(result.code, 73, "\(arguments): \(result.stderr)")
      XCTAssertEqual(
        result.stderr, "clipmerge: error: \(list): the output is one of the inputs; refusing to write over it\n")
      XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: list)), listed)
    }
    XCTAssertFalse(FileManager.default.fileExists(atPath: path("out.mp4")))
    // A report that cannot be written (a full disk) fails the run, and the failed run leaves no output.
    let full = try InProcessClipMerge.run(
      ["concat", clip, "-o", path("out.mp4"), "--report", "/dev/full", "-y", "--preset", "ultrafast"])
    XCTAssertEqual(full.code, 73, full.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: path("out.mp4")), full.stderr)
  }

  /// A job folder: `plan` refuses a folder of other files (the user's spec.json stays), refuses a name with a
  /// line break, and quotes a hostile name so the job files run nothing but clipmerge; a tampered manifest
  /// cannot move a segment out of the folder; `join` refuses to write over a plan input or a segment; after a
  /// re-plan the old segments are refused by name.
  func testJobFoldersCannotBeTurnedAgainstTheUser() throws {
    let spec = path("spec.json")
    let printed = try ClipmergeProcess.run(["concat", clip, "--print-spec", "--preset", "ultrafast"])
    try printed.output.write(to: URL(fileURLWithPath: spec))
    let intoOwn = try ClipmergeProcess.run(["plan", spec, "--segments", "2", folder.path])
    XCTAssertEqual(intoOwn.code, 73, intoOwn.stderr)
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: spec)), printed.output)
    XCTAssertEqual(try ClipmergeProcess.run(["plan", spec, "--segments", "2", path("a\nb")]).code, 64)

    let hostile = path("it's $(touch PWNED) `touch PWNED2` job")
    XCTAssertEqual(try ClipmergeProcess.run(["plan", spec, "--segments", "2", hostile]).code, 0)
    let bin = ClipmergeProcess.executable.deletingLastPathComponent().path
    let shell = { (command: String, environment: String) throws -> Int32 in
      try ClipmergeProcess.capture(
        URL(fileURLWithPath: "/bin/sh"), ["-c", "PATH='\(bin)':$PATH \(environment) \(command)"], in: self.folder
      ).code
    }
    let segment = { (k: Int) in hostile + "/segments/00\(k).mp4" }
    XCTAssertEqual(try shell("sh \"$PWD\"/\"$(ls | grep job)\"/slurm.sh", "SLURM_ARRAY_TASK_ID=0"), 0)
    XCTAssertTrue(FileManager.default.fileExists(atPath: segment(0)), "Slurm's task 0 rendered segment 0")
    XCTAssertNotEqual(try shell("sh \"$PWD\"/\"$(ls | grep job)\"/slurm.sh", "SLURM_ARRAY_TASK_ID=9"), 0, "no line 10")
    try FileManager.default.removeItem(atPath: segment(0))
    XCTAssertEqual(try shell("parallel < \"$(ls -d *job)\"/jobs.txt", ""), 0)
    XCTAssertTrue(
      FileManager.default.fileExists(atPath: segment(0)) && FileManager.default.fileExists(atPath: segment(1)))
    try FileManager.default.removeItem(atPath: segment(1))
    let yaml = try String(contentsOfFile: hostile + "/k8s-job.yaml", encoding: .utf8)
    let commandLine = try XCTUnwrap(yaml.split(separator: "\n").first { $0.contains("command:") })
    let array = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(commandLine.drop { $0 != "[" }.utf8)) as? [String])
    XCTAssertEqual(try shell("sh -c " + PlanQuoting.quoted(array[2]), "JOB_COMPLETION_INDEX=1"), 0)
    XCTAssertTrue(FileManager.default.fileExists(atPath: segment(1)), "the Kubernetes task 1 rendered segment 1")
    XCTAssertFalse(FileManager.default.fileExists(atPath: path("PWNED")))
    XCTAssertFalse(FileManager.default.fileExists(atPath: path("PWNED2")))
    XCTAssertEqual(try ClipmergeProcess.run(["join", hostile, "-o", path("joined.mp4"), "-q"]).code, 0)

    // join over a plan input or a segment: refused even with -y.
    XCTAssertEqual(try ClipmergeProcess.run(["join", hostile, "-o", hostile + "/segments/000.mp4", "-y"]).code, 73)

    // A tampered manifest: its paths are not used.
    let manifestPath = hostile + "/manifest.json"
    var manifest = try String(contentsOfFile: manifestPath, encoding: .utf8)
    manifest = manifest.replacingOccurrences(of: hostile + "/segments/000.mp4", with: path("escaped.mp4"))
    try manifest.write(toFile: manifestPath, atomically: true, encoding: .utf8)
    try FileManager.default.removeItem(atPath: hostile + "/segments/000.mp4")
    XCTAssertEqual(try ClipmergeProcess.run(["segment", hostile, "0"]).code, 0)
    XCTAssertFalse(FileManager.default.fileExists(atPath: path("escaped.mp4")))
    XCTAssertTrue(FileManager.default.fileExists(atPath: hostile + "/segments/000.mp4"))

    // A re-plan with another rate: the old segments are refused, each named.
    let other = try ClipmergeProcess.run(["concat", clip, "--print-spec", "--preset", "ultrafast", "--fps", "25"])
    try other.output.write(to: URL(fileURLWithPath: spec))
    XCTAssertEqual(try ClipmergeProcess.run(["plan", spec, "--segments", "2", hostile]).code, 0)
    let stale = try ClipmergeProcess.run(["join", hostile, "-o", path("stale.mp4")])
    XCTAssertEqual(stale.code, 65)
    XCTAssertTrue(stale.stderr.contains("segment 1") && stale.stderr.contains("another plan"), stale.stderr)
  }

  /// A terminal and a disk are refused as targets even with -y; /dev/stdout (a symlink to the descriptor) is
  /// written into and stays what it is.
  func testTerminalsAndDisksAreRefusedStreamsFollowed() throws {
    let out = path("through-stdout.mkv")
    let result = try ClipmergeProcess.capture(
      URL(fileURLWithPath: "/bin/sh"),
      [
        "-c", "\"$0\" concat \"$1\" -o /dev/stdout --format mkv -y -q > \"$2\"", ClipmergeProcess.executable.path, clip,
        out,
      ])
    XCTAssertEqual(result.code, 0, result.stderr)
    XCTAssertTrue(isSymlink("/dev/stdout"), "/dev/stdout is still a symlink")
    let disk = try ClipmergeProcess.run(["concat", clip, "-o", "/dev/loop0", "--format", "mkv", "-y", "-q"])
    if FileManager.default.fileExists(atPath: "/dev/loop0") { XCTAssertEqual(disk.code, 73, disk.stderr) }
    let frames = try ClipmergeProcess.runTool(
      "ffprobe", ["-v", "error", "-count_frames", "-show_entries", "stream=nb_read_frames", "-of", "csv=p=0", out])
    XCTAssertEqual(frames.trimmingCharacters(in: .whitespacesAndNewlines), "60")
  }

  /// A failed write to standard output is an error line and 73 (a closed descriptor, a full device), never a
  /// trap; an error with standard error full still exits with its own code.
  func testFailedWritesToTheStandardStreamsDoNotTrap() throws {
    let full = try ClipmergeProcess.capture(
      URL(fileURLWithPath: "/bin/sh"),
      ["-c", "\"$0\" probe \"$1\" > /dev/full", ClipmergeProcess.executable.path, clip])
    XCTAssertEqual(full.code, 73, full.stderr)
    XCTAssertTrue(full.stderr.contains("cannot write to standard output"), full.stderr)
    let closed = try ClipmergeProcess.capture(
      URL(fileURLWithPath: "/bin/sh"), ["-c", "\"$0\" --help >&-", ClipmergeProcess.executable.path])
    XCTAssertEqual(closed.code, 73, closed.stderr)
    let errFull = try ClipmergeProcess.capture(
      URL(fileURLWithPath: "/bin/sh"),
      ["-c", "\"$0\" probe /nonexistent 2> /dev/full", ClipmergeProcess.executable.path])
    XCTAssertEqual(errFull.code, 66)
  }

  /// A FIFO input is refused at once (opening it would block forever), naming it.
  func testFIFOInputIsRefusedWithoutBlocking() throws {
    let fifo = path("in.mp4")
    XCTAssertEqual(mkfifo(fifo, 0o600), 0)
    let result = try ClipmergeProcess.capture(
      URL(fileURLWithPath: "/usr/bin/timeout"),
      ["10", ClipmergeProcess.executable.path, "concat", fifo, "-o", path("o.mp4")])
    XCTAssertEqual(result.code, 66, result.stderr)
    XCTAssertTrue(result.stderr.contains("named pipe"), result.stderr)
  }

  /// The error for a file that is not a `.cube` table never repeats its content.
  func testErrorsNeverEchoAFilesContent() throws {
    let secret = path("shadow")
    try Data("root:$6$s3cr3t:19000:0:99999:7:::\n".utf8).write(to: URL(fileURLWithPath: secret))
    let result = try ClipmergeProcess.run(["concat", clip, "--effect", "lut=\(secret)", "-o", path("o.mp4")])
    XCTAssertEqual(result.code, 65)
    XCTAssertFalse(result.stderr.contains("s3cr3t"), result.stderr)
  }

  /// A temporary file of this target left by a run on this machine that is gone (SIGKILL) is removed by the next
  /// run; another machine's (a shared folder) and everything else in the folder are left alone.
  func testStaleTemporaryFilesAreRemoved() throws {
    let gone = Process()
    gone.executableURL = URL(fileURLWithPath: "/bin/true")
    try gone.run()
    gone.waitUntilExit()
    let stale = path(".out.mp4.clipmerge-\(AtomicFile.host)-\(gone.processIdentifier)-abc.partial")
    let elsewhere = path(".out.mp4.clipmerge-othermachine-\(gone.processIdentifier)-abc.partial")
    try Data("another machine's".utf8).write(to: URL(fileURLWithPath: elsewhere))
    try Data("half".utf8).write(to: URL(fileURLWithPath: stale))
    try Data("other".utf8).write(to: URL(fileURLWithPath: path("keep.txt")))
    XCTAssertEqual(try ClipmergeProcess.run(["concat", clip, "-o", path("out.mp4"), "-q"]).code, 0)
    XCTAssertEqual(
      try entries(), [".out.mp4.clipmerge-othermachine-\(gone.processIdentifier)-abc.partial", "keep.txt", "out.mp4"])
  }
}

/// Exit codes gathered from several threads.
private final class Codes: @unchecked Sendable {
  private let lock = NSLock()
  private var codes: [Int32] = []
  func append(_ code: Int32) {
    lock.lock()
    codes.append(code)
    lock.unlock()
  }
  var sorted: [Int32] {
    lock.lock()
    defer { lock.unlock() }
    return codes.sorted()
  }
}

/// Single quotes for sh, as the job files use them.
private enum PlanQuoting {
  static func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
}
