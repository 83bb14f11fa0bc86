import Foundation
import TestSupport
import XCTest

/// The runner files of a job folder on a cluster: tasks that fail loudly, the join step of each runner, the
/// cluster options, and inputs known by their content (a byte-identical copy is the same input).
final class ClusterScriptsTests: XCTestCase {
  let folder = FixtureFiles.temporaryFolder()

  /// Runs `command` in bash in the test's folder with the built clipmerge (and `extraPath`) first on PATH.
  func shell(_ command: String, extraPath: String = "") throws -> ClipmergeProcess.Result {
    let bin = ClipmergeProcess.executable.deletingLastPathComponent().path
    return try ClipmergeProcess.capture(
      URL(fileURLWithPath: "/bin/bash"), ["-c", "export PATH=\(extraPath)'\(bin)':\"$PATH\"; \(command)"],
      in: folder)
  }

  /// A two-segment job of a copy of base.mp4 in `name` (`concat`: options of the concat).
  func plan(_ name: String, _ options: [String] = [], concat: [String] = []) throws -> (job: String, input: String) {
    let input = folder.appendingPathComponent("media/in put.mp4").path
    if !FileManager.default.fileExists(atPath: input) {
      try FileManager.default.createDirectory(
        at: folder.appendingPathComponent("media"), withIntermediateDirectories: true)
      try FileManager.default.copyItem(atPath: FixtureFiles.path("base.mp4"), toPath: input)
    }
    let job = folder.appendingPathComponent(name).path
    let result = try ClipmergeProcess.run(
      ["plan", "--segments", "2", job] + options + ["--", "concat", input, "--preset", "ultrafast"] + concat)
    XCTAssertEqual(result.code, 0, result.stderr)
    return (job, input)
  }

  func testTasksFailLoudlyWhenTheirLineOrTheJobListIsMissing() throws {
    let (job, _) = try plan("job")
    let slurm = try shell("SLURM_ARRAY_TASK_ID=7 sh '\(job)/slurm.sh'")
    XCTAssertEqual(slurm.code, 64)
    XCTAssertEqual(slurm.stderr, "clipmerge: \(job)/jobs.txt has no line 8 (tasks 0 to 2)\n")
    let unset = try shell("sh '\(job)/slurm.sh'")
    XCTAssertNotEqual(unset.code, 0)
    XCTAssertTrue(unset.stderr.contains("SLURM_ARRAY_TASK_ID: is not set"), unset.stderr)
    // The Kubernetes task runs the same lines.
    let yaml = try String(contentsOfFile: job + "/k8s-job.yaml", encoding: .utf8)
    let commandLine = try XCTUnwrap(yaml.split(separator: "\n").first { $0.contains("command:") })
    let command = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(commandLine.drop { $0 != "[" }.utf8)) as? [String])
    try FileManager.default.moveItem(atPath: job + "/jobs.txt", toPath: job + "/jobs.away")
    let gone = try ClipmergeProcess.capture(
      URL(fileURLWithPath: "/bin/sh"), ["-c", command[2]], environment: ["JOB_COMPLETION_INDEX": "0"])
    XCTAssertEqual(gone.code, 66)
    XCTAssertTrue(gone.stderr.hasPrefix("clipmerge: cannot read \(job)/jobs.txt on "), gone.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: job + "/segments/000.mp4"))
  }

  func testEachRunnerHasItsJoinStep() throws {
    let (job, _) = try plan("job two", ["--threads", "3", "--slurm-partition", "short", "--slurm-time", "1:00:00"])
    // GNU parallel, then the join, in one line.
    let run = try shell("sh 'job two/run.sh' joined.mp4")
    XCTAssertEqual(run.code, 0, run.stderr)
    let frames = try ClipmergeProcess.runTool(
      "ffprobe",
      [
        "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries", "stream=nb_read_frames", "-of",
        "csv=p=0", folder.appendingPathComponent("joined.mp4").path,
      ])
    XCTAssertEqual(frames.trimmingCharacters(in: .whitespacesAndNewlines), "120", "base.mp4's 4 s at 30 fps")
    // Slurm: the array with the cluster's options, and the join submitted to start after it.
    let array = try String(contentsOfFile: job + "/slurm.sh", encoding: .utf8)
    for line in [
      "#SBATCH --cpus-per-task=3", "#SBATCH --partition=short", "#SBATCH --time=1:00:00", "#SBATCH --array=0-2",
    ] {
      XCTAssertTrue(array.contains(line + "\n"), "\(line) in\n\(array)")
    }
    let plan =
      try XCTUnwrap(
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: job + "/manifest.json")))
          as? [String: Any])["plan"] as? String
    XCTAssertTrue(array.contains("#SBATCH --job-name=clipmerge-\(try XCTUnwrap(plan).prefix(12))\n"), array)
    let fake = folder.appendingPathComponent("bin")
    try FileManager.default.createDirectory(at: fake, withIntermediateDirectories: true)
    try Data("#!/bin/sh\nprintf '%s\\n' \"$*\" >> \"$SBATCH_LOG\"\necho '4242;cluster'\n".utf8).write(
      to: fake.appendingPathComponent("sbatch"))
    XCTAssertEqual(chmod(fake.appendingPathComponent("sbatch").path, 0o755), 0)
    let submit = try shell("SBATCH_LOG=sbatch.log sh 'job two/submit.sh' final.mp4", extraPath: "'\(fake.path)':")
    XCTAssertEqual(submit.code, 0, submit.stderr)
    XCTAssertEqual(
      try String(contentsOf: folder.appendingPathComponent("sbatch.log"), encoding: .utf8),
      "--parsable \(job)/slurm.sh\n--parsable --dependency=afterok:4242 --kill-on-invalid-dep=yes \(job)/join.sh final.mp4\n"
    )
    // What Slurm then runs: join.sh with the output.
    let joined = try shell("sh 'job two/join.sh' final.mp4")
    XCTAssertEqual(joined.code, 0, joined.stderr)
    XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("final.mp4").path))
    // Kubernetes: an Indexed Job whose failing indexes stop at once on errors a retry cannot mend, CPUs from
    // --threads, the volume where the plan's paths are; and the join's Job.
    let parsed = try shell(
      """
      python3 -c 'import json, sys, yaml; print(json.dumps([yaml.safe_load(open(f)) for f in sys.argv[1:]]))' \
      'job two/k8s-job.yaml' 'job two/k8s-join.yaml'
      """)
    XCTAssertEqual(parsed.code, 0, parsed.stderr)
    let documents = try XCTUnwrap(try JSONSerialization.jsonObject(with: parsed.output) as? [[String: Any]])
    let spec = try XCTUnwrap(documents[0]["spec"] as? [String: Any])
    XCTAssertEqual(spec["completions"] as? Int, 3)
    XCTAssertEqual(spec["backoffLimitPerIndex"] as? Int, 2)
    let rule = try XCTUnwrap(((spec["podFailurePolicy"] as? [String: Any])?["rules"] as? [[String: Any]])?.first)
    XCTAssertEqual(rule["action"] as? String, "FailIndex")
    XCTAssertEqual((rule["onExitCodes"] as? [String: Any])?["values"] as? [Int], [64, 65, 66])
    for document in documents {
      let pod = try XCTUnwrap(
        ((document["spec"] as? [String: Any])?["template"] as? [String: Any])?["spec"] as? [String: Any])
      XCTAssertEqual(pod["restartPolicy"] as? String, "Never")
      let container = try XCTUnwrap((pod["containers"] as? [[String: Any]])?.first)
      let requests = (container["resources"] as? [String: Any])?["requests"] as? [String: Any]
      XCTAssertEqual(requests?["cpu"] as? String, "3")
      let mount = (container["volumeMounts"] as? [[String: Any]])?.first?["mountPath"] as? String
      XCTAssertEqual(mount, folder.standardizedFileURL.path, "the folder holding the job and media/")
    }
    let names = documents.compactMap { ($0["metadata"] as? [String: Any])?["name"] as? String }
    XCTAssertEqual(
      names, ["clipmerge-\(try XCTUnwrap(plan).prefix(12))", "clipmerge-\(try XCTUnwrap(plan).prefix(12))-join"])
    // A bad option value is refused before anything is written.
    let bad = try ClipmergeProcess.run([
      "plan", "--segments", "2", folder.appendingPathComponent("job3").path, "--slurm-partition", "a b", "--",
      "concat", FixtureFiles.path("base.mp4"),
    ])
    XCTAssertEqual(bad.code, 64)
    XCTAssertTrue(bad.stderr.contains("--slurm-partition"), bad.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("job3").path))
  }

  func testAnInputIsKnownByItsContentNotItsTimes() throws {
    let (job, input) = try plan("job")
    try FileManager.default.removeItem(atPath: job + "/segments")
    // A byte-identical copy with another modification time (rsync without -t) renders; segments/ is made.
    let copy = try shell("cp '\(input)' copy.tmp && touch -d 2001-01-01 copy.tmp && mv copy.tmp '\(input)'")
    XCTAssertEqual(copy.code, 0, copy.stderr)
    let first = try ClipmergeProcess.run(["segment", job, "0"])
    XCTAssertEqual(first.code, 0, first.stderr)
    XCTAssertTrue(FileManager.default.fileExists(atPath: job + "/segments/000.mp4"))
    // One byte changed: refused, named.
    let handle = try XCTUnwrap(FileHandle(forUpdatingAtPath: input))
    try handle.seek(toOffset: 100)
    let byte = try XCTUnwrap(try handle.read(upToCount: 1)).first ?? 0
    try handle.seek(toOffset: 100)
    try handle.write(contentsOf: Data([byte ^ 0xFF]))
    try handle.close()
    let changed = try ClipmergeProcess.run(["segment", job, "1"])
    XCTAssertEqual(changed.code, 65)
    XCTAssertEqual(changed.stderr, "clipmerge: error: \(input): the input has changed since the plan; plan again\n")
    XCTAssertFalse(FileManager.default.fileExists(atPath: job + "/segments/001.mp4"))
  }

  func testTheMemoryAskedCoversWhatASegmentUses() throws {
    var asked: [Int] = []
    // x264 at medium keeps 40 frames of lookahead; ultrafast none.
    for (size, preset) in [("320x240", "ultrafast"), ("1280x720", "medium")] {
      let (job, _) = try plan("job-\(size)", ["--threads", "2"], concat: ["--size", size, "--preset", preset])
      let slurm = try String(contentsOfFile: job + "/slurm.sh", encoding: .utf8)
      let line = try XCTUnwrap(slurm.split(separator: "\n").first { $0.hasPrefix("#SBATCH --mem=") })
      let mebibytes = try XCTUnwrap(Int(line.dropFirst("#SBATCH --mem=".count).dropLast()), String(line))
      let yaml = try String(contentsOfFile: job + "/k8s-job.yaml", encoding: .utf8)
      XCTAssertTrue(yaml.contains("memory: \(mebibytes)Mi"), yaml)
      // The peak resident size of the segment, as GNU time measures it, in KiB (the debug build's; the table in
      // docs/benchmark.md that the model follows is the release build's).
      let ran = try shell("/usr/bin/time -f %M sh -c \"$(head -1 '\(job)/jobs.txt')\" 2>&1 >/dev/null | tail -1")
      let peak = try XCTUnwrap(
        Int(String(decoding: ran.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)), ran.stderr)
      XCTAssertTrue(FileManager.default.fileExists(atPath: job + "/segments/000.mp4"), "the segment rendered")
      XCTAssertGreaterThan(peak, 0)
      // Under AddressSanitizer (make sanitize) the peak holds its shadow memory and quarantine, not what the
      // binary a cluster runs uses: there the model is compared only with itself.
      if ClipmergeProcess.childEnvironment["ASAN_OPTIONS"] == nil {
        XCTAssertGreaterThan(mebibytes * 1024, peak, "\(size): asked \(mebibytes) MiB, used \(peak) KiB")
        XCTAssertLessThan(mebibytes * 1024, peak * 3, "\(size): asked \(mebibytes) MiB, used \(peak) KiB")
      }
      asked.append(mebibytes)
    }
    XCTAssertLessThan(asked[0], asked[1], "a larger frame and a lookahead ask more")
  }
}
