import Composition
import Engine
import Foundation
import TestSupport
import XCTest

/// A render cut into segments by `plan`, rendered by GNU parallel and by xargs -P, joined by `join`: the same
/// output as a single render, to within encoding, with the very same audio.
final class SegmentJobTests: XCTestCase {
  let folder = FixtureFiles.temporaryFolder()

  /// A composition with layers and transitions: three clips crossfading, a still logo, a title.
  func makeSpec() throws -> String {
    let printed = try ClipmergeProcess.run([
      "concat", FixtureFiles.path("base.mp4"), FixtureFiles.path("overlay.mp4"),
      FixtureFiles.path("gop.mp4") + "#t=0,2",
      "--transition", "crossfade,0.5", "--text", "Segments", "--size", "320x240", "--fps", "30", "--preset",
      "veryfast", "--print-spec",
    ])
    XCTAssertEqual(printed.code, 0, printed.stderr)
    let path = folder.appendingPathComponent("spec.json").path
    try printed.output.write(to: URL(fileURLWithPath: path))
    return path
  }

  /// Runs `command` in a shell with the built clipmerge first on PATH.
  func shell(_ command: String) throws -> ClipmergeProcess.Result {
    let bin = ClipmergeProcess.executable.deletingLastPathComponent().path
    return try ClipmergeProcess.capture(
      URL(fileURLWithPath: "/bin/bash"), ["-c", "export PATH='\(bin)':\"$PATH\"; \(command)"])
  }

  func testSegmentsRunByParallelAndXargsJoinIntoTheSingleRender() throws {
    let spec = try makeSpec()
    let single = folder.appendingPathComponent("single.mp4").path
    let whole = try ClipmergeProcess.run(["compose", spec, "-o", single, "-q"])
    XCTAssertEqual(whole.code, 0, whole.stderr)
    let singleTimes = try PictureGrabber.frameTimes(path: single)
    let singleAudio = try AudioGrabber.samples(path: single, sampleRate: 48_000, channels: 2)
    for (segments, runner) in [
      (1, "parallel -j2 < jobs.txt"), (3, "parallel -j2 < jobs.txt"), (3, "xargs -P2 -I{} sh -c {} < jobs.txt"),
    ] {
      let job = folder.appendingPathComponent("job-\(segments)-\(runner.prefix(5))").path
      let plan = try ClipmergeProcess.run(["plan", spec, "--segments", String(segments), job])
      XCTAssertEqual(plan.code, 0, plan.stderr)
      let jobs = try String(contentsOfFile: job + "/jobs.txt", encoding: .utf8)
      XCTAssertEqual(jobs.split(separator: "\n").count, segments + 1, "a job a segment, and the audio's")
      XCTAssertTrue(jobs.hasSuffix(" audio\n"), jobs)
      let ran = try shell("cd '\(job)' && \(runner)")
      XCTAssertEqual(ran.code, 0, "\(runner): \(ran.stderr)")
      // Running a job twice changes nothing.
      for line in ["head -1", "tail -1"] {
        let again = try shell("cd '\(job)' && sh -c \"$(\(line) jobs.txt)\"")
        XCTAssertEqual(again.code, 0, again.stderr)
        XCTAssertTrue(again.stderr.contains("already rendered"), again.stderr)
      }
      let out = job + "/out.mp4"
      let joined = try ClipmergeProcess.run(["join", job, "-o", out])
      XCTAssertEqual(joined.code, 0, joined.stderr)
      XCTAssertEqual(try PictureGrabber.frameTimes(path: out), singleTimes, "\(segments) segments, \(runner)")
      let a = try PictureGrabber(path: out)
      let b = try PictureGrabber(path: single)
      for time in singleTimes {
        let p = try XCTUnwrap(a.picture(at: time))
        let q = try XCTUnwrap(b.picture(at: time))
        XCTAssertGreaterThan(p.lumaPSNR(against: q), 40, "frame at \(time.secondsText), \(segments) segments")
      }
      XCTAssertEqual(try AudioGrabber.samples(path: out, sampleRate: 48_000, channels: 2), singleAudio, "audio")
      let check = try shell("ffmpeg -v error -xerror -err_detect explode -i '\(out)' -f null -")
      XCTAssertEqual(check.code, 0, check.stderr)
      let dts = try PacketList(path: out).packets(of: "video").compactMap(\.dts)
      XCTAssertTrue(zip(dts, dts.dropFirst()).allSatisfy { $0 < $1 }, "decode times increase")
    }
  }

  func testAMissingOrDamagedSegmentStopsTheJoin() throws {
    let spec = try makeSpec()
    let job = folder.appendingPathComponent("job").path
    XCTAssertEqual(try ClipmergeProcess.run(["plan", spec, "--segments", "3", job]).code, 0)
    XCTAssertEqual(try shell("cd '\(job)' && xargs -P2 -I{} sh -c {} < jobs.txt").code, 0)
    let out = folder.appendingPathComponent("out.mp4").path
    try FileManager.default.removeItem(atPath: job + "/segments/001.mp4")
    let missing = try ClipmergeProcess.run(["join", job, "-o", out])
    XCTAssertEqual(missing.code, 65)
    XCTAssertEqual(
      missing.stderr,
      "clipmerge: error: segment 1 (\(job)/segments/001.mp4): missing or not a finished segment; run its job again\n")
    XCTAssertFalse(FileManager.default.fileExists(atPath: out))
    XCTAssertEqual(try ClipmergeProcess.run(["segment", job, "1"]).code, 0)
    let data = try Data(contentsOf: URL(fileURLWithPath: job + "/segments/002.mp4"))
    try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: job + "/segments/002.mp4"))
    let damaged = try ClipmergeProcess.run(["join", job, "-o", out])
    XCTAssertEqual(damaged.code, 65)
    XCTAssertTrue(damaged.stderr.hasPrefix("clipmerge: error: segment 2 ("), damaged.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: out))
    XCTAssertEqual(try ClipmergeProcess.run(["segment", job, "2"]).code, 0)
    // The audio job's file cut short, then gone.
    let audio = job + "/segments/audio.mov"
    let sound = try Data(contentsOf: URL(fileURLWithPath: audio))
    try sound.prefix(sound.count * 2 / 3).write(to: URL(fileURLWithPath: audio))
    let cut = try ClipmergeProcess.run(["join", job, "-o", out])
    XCTAssertEqual(cut.code, 65)
    XCTAssertEqual(cut.stderr, "clipmerge: error: the audio (\(audio)): cut short; run its job again\n")
    try FileManager.default.removeItem(atPath: audio)
    let gone = try ClipmergeProcess.run(["join", job, "-o", out])
    XCTAssertEqual(gone.code, 65)
    XCTAssertEqual(
      gone.stderr, "clipmerge: error: the audio (\(audio)): missing or not finished; run its job again\n")
    XCTAssertFalse(FileManager.default.fileExists(atPath: out))
    // H.264 segments cannot go into WebM: said before anything is written.
    XCTAssertEqual(try ClipmergeProcess.run(["segment", job, "audio"]).code, 0)
    let webm = try ClipmergeProcess.run(["join", job, "-o", folder.appendingPathComponent("out.webm").path])
    XCTAssertEqual(webm.code, 65)
    XCTAssertEqual(
      webm.stderr,
      "clipmerge: error: the segments hold h264 video, which webm cannot carry; join into mov, mp4, mkv, ts\n")
    XCTAssertEqual(try ClipmergeProcess.run(["join", job, "-o", out]).code, 0)
  }

  func testCutsMoveToTheSourcesKeyframes() throws {
    // gop.mp4 has a keyframe every 2 s (60 frames): even thirds of its 300 frames cut at 100 and 200, a quarter
    // of a segment from the keyframes at frames 120 and 180.
    let job = folder.appendingPathComponent("keyframes").path
    let plan = try ClipmergeProcess.run([
      "plan", "--segments", "3", job, "--", "concat", FixtureFiles.path("gop.mp4"), "--preset", "ultrafast",
    ])
    XCTAssertEqual(plan.code, 0, plan.stderr)
    let manifest = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: job + "/manifest.json")))
        as? [String: Any])
    let segments = try XCTUnwrap(manifest["segments"] as? [[String: Any]])
    XCTAssertEqual(segments.map { $0["firstFrame"] as? Int }, [0, 120, 180])
    XCTAssertEqual(segments.map { $0["endFrame"] as? Int }, [120, 180, 300])
  }
}
