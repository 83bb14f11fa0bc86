import Composition
import Engine
import Foundation
import TestSupport
import XCTest

/// Containers and codecs, standard output and input, progress and quiet: through the built binary.
final class OutputFormatTests: XCTestCase {
  let base = FixtureFiles.path("base.mp4")
  let overlay = FixtureFiles.path("overlay.mp4")

  func render(_ extra: [String], to name: String) throws -> (String, ClipmergeProcess.Result) {
    let out = FixtureFiles.temporaryFolder().appendingPathComponent(name).path
    let result = try ClipmergeProcess.run(["overlay", base, overlay, "-o", out, "--preset", "ultrafast", "-q"] + extra)
    return (out, result)
  }

  /// The file's streams as (codec, container) from the engine's probe, plus its base pixel and tone.
  func check(
    _ path: String, video: String, audio: String, container: String, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let report = try MediaProbe.report(path)
    XCTAssertTrue(report.container.contains(container), report.container, file: file, line: line)
    XCTAssertEqual(report.streams.map(\.codec), [video, audio], file: file, line: line)
    let picture = try XCTUnwrap(PictureGrabber(path: path).picture(at: MediaTime(seconds: 3)))
    let expected = try XCTUnwrap(PictureGrabber(path: base).picture(at: MediaTime(seconds: 3))?.yuv(x: 50, y: 200))
    let got = try XCTUnwrap(picture.yuv(x: 50, y: 200))
    XCTAssertEqual(Double(got.y), Double(expected.y), accuracy: 6, "\(video) picture", file: file, line: line)
    let samples = try AudioGrabber.samples(path: path, sampleRate: 48000, channels: 2)[0]
    XCTAssertGreaterThan(
      Tone.amplitude(of: 440, in: samples[24000..<120_000], sampleRate: 48000), 0.04, "\(audio) tone", file: file,
      line: line)
  }

  func testWebMDefaultsToVP9AndOpus() throws {
    let (out, result) = try render([], to: "out.webm")
    XCTAssertEqual(result.code, 0, result.stderr)
    try check(out, video: "vp9", audio: "opus", container: "webm")
  }

  func testCodecChoices() throws {
    let cases: [([String], String, String, String, String)] = [
      (["--video-codec", "hevc", "--audio-codec", "pcm"], "out.mkv", "hevc", "pcm_s16le", "matroska"),
      (["--video-codec", "av1", "--audio-codec", "opus"], "out.mp4", "av1", "opus", "mp4"),
      (["--video-codec", "prores", "--audio-codec", "pcm"], "out.mov", "prores", "pcm_s16le", "mov"),
      ([], "out.ts", "h264", "aac", "mpegts"),
    ]
    for (extra, name, video, audio, container) in cases {
      let (out, result) = try render(extra, to: name)
      XCTAssertEqual(result.code, 0, "\(name): \(result.stderr)")
      try check(out, video: video, audio: audio, container: container)
    }
  }

  func testBitRatesSampleRateChannelsMetadata() throws {
    let (out, result) = try render(
      [
        "--video-bitrate", "300k", "--audio-bitrate", "64k", "--sample-rate", "44100", "--channels", "1", "--metadata",
        "title=Hello world", "--metadata", "comment=from clipmerge",
      ], to: "out.mp4")
    XCTAssertEqual(result.code, 0, result.stderr)
    let report = try MediaProbe.report(out)
    let audio = try XCTUnwrap(report.streams.first { $0.type == "audio" })
    XCTAssertEqual(audio.sampleRate, 44100)
    XCTAssertEqual(audio.channels, 1)
    let tags = try ClipmergeProcess.runTool(
      "ffprobe", ["-v", "error", "-show_entries", "format_tags", "-of", "compact", out])
    XCTAssertTrue(tags.contains("tag:title=Hello world"), tags)
    XCTAssertTrue(tags.contains("tag:comment=from clipmerge"), tags)
    XCTAssertTrue(tags.contains("tag:creation_time=20"), tags)
  }

  func testCodecNotInContainerIsAUsageError() throws {
    let (out, result) = try render(["--video-codec", "h264"], to: "out.webm")
    XCTAssertEqual(result.code, 64)
    XCTAssertEqual(
      result.stderr, "clipmerge: error: video codec not in container: webm cannot carry h264 (it takes av1, vp9)\n")
    XCTAssertFalse(FileManager.default.fileExists(atPath: out))
  }

  func testSampleRatesTheEncoderCannotTakeAreRefusedUpFront() throws {
    let (out, result) = try render(["--sample-rate", "192000"], to: "out.mp4")
    XCTAssertEqual(result.code, 64, result.stderr)
    XCTAssertTrue(
      result.stderr.hasPrefix("clipmerge: error: sample rate not for codec: aac cannot encode 192000 Hz (it takes "),
      result.stderr)
    XCTAssertTrue(result.stderr.contains(", 88200, 96000)"), result.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: out))
    // The highest rate AAC takes, and 192000 Hz as PCM, are rendered at that rate.
    for (rate, extra) in [(96000, []), (192_000, ["--audio-codec", "pcm"])] {
      let (path, result) = try render(["--sample-rate", "\(rate)"] + extra, to: "out-\(rate).mov")
      XCTAssertEqual(result.code, 0, result.stderr)
      let probed = try ClipmergeProcess.runTool(
        "ffprobe",
        ["-v", "error", "-select_streams", "a", "-show_entries", "stream=sample_rate", "-of", "csv=p=0", path])
      XCTAssertEqual(probed, "\(rate)\n")
    }
  }

  func testStandardOutputCarriesOnlyMediaInEachStreamableFormat() throws {
    for (format, container) in [(nil, "matroska"), ("mp4", "mp4"), ("mpegts", "mpegts")] as [(String?, String)] {
      let file = FixtureFiles.temporaryFolder().appendingPathComponent("stdout.bin")
      XCTAssertTrue(FileManager.default.createFile(atPath: file.path, contents: nil))
      let handle = try FileHandle(forWritingTo: file)
      let process = Process()
      process.executableURL = ClipmergeProcess.executable
      process.environment = ClipmergeProcess.childEnvironment
      process.arguments =
        ["overlay", base, overlay, "-o", "-", "--preset", "ultrafast"] + (format.map { ["--format", $0] } ?? [])
      process.standardOutput = handle
      let err = Pipe()
      process.standardError = err
      try process.run()
      let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      try handle.close()
      XCTAssertEqual(process.terminationStatus, 0, stderr)
      XCTAssertTrue(stderr.hasPrefix("clipmerge: wrote - (4.000 s, 120 frames"), stderr)
      let report = try MediaProbe.report(file.path)
      XCTAssertTrue(report.container.contains(container), "\(format ?? "default"): \(report.container)")
      XCTAssertEqual(try PictureGrabber.frameTimes(path: file.path).count, 120, format ?? "default")
    }
  }

  func testStandardInputAsAnInput() throws {
    let out = FixtureFiles.temporaryFolder().appendingPathComponent("in.mov").path
    let process = Process()
    process.executableURL = ClipmergeProcess.executable
    process.environment = ClipmergeProcess.childEnvironment
    process.arguments = ["overlay", base, "-", "-o", out, "--preset", "ultrafast", "-q"]
    process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: overlay))
    try process.run()
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0)
    let picture = try XCTUnwrap(PictureGrabber(path: out).picture(at: MediaTime(seconds: 1)))
    let yellow = try XCTUnwrap(PictureGrabber(path: overlay).picture(at: MediaTime(seconds: 1))?.yuv(x: 5, y: 5))
    XCTAssertEqual(Double(picture.yuv(x: 240, y: 60)?.y ?? 0), Double(yellow.y), accuracy: 4, "overlay read from stdin")
  }

  func testProgressAsNDJSON() throws {
    let out = FixtureFiles.temporaryFolder().appendingPathComponent("p.mov").path
    let result = try ClipmergeProcess.run([
      "overlay", base, overlay, "-o", out, "--preset", "ultrafast", "--progress", "ndjson",
    ])
    XCTAssertEqual(result.code, 0)
    XCTAssertEqual(result.stdout, "")
    let objects = try result.stderr.split(separator: "\n").map {
      try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    let last = try XCTUnwrap(objects.last)
    XCTAssertEqual(last["stage"] as? String, "done")
    XCTAssertEqual(last["frames"] as? Int, 120)
    XCTAssertEqual(last["audioSamples"] as? Int, 192_000)
    XCTAssertEqual(last["durationExact"] as? String, "4")
    XCTAssertEqual(last["path"] as? String, out)
    for object in objects.dropLast() {
      XCTAssertEqual(object["stage"] as? String, "render")
      let fraction = try XCTUnwrap(object["fraction"] as? Double)
      XCTAssertTrue((0...1).contains(fraction))
      XCTAssertNotNil(object["outTime"] as? String)
      XCTAssertNotNil(object["speed"] as? Double)
    }
    let failed = try ClipmergeProcess.run(["overlay", "/no/a.mp4", overlay, "-o", out, "-y", "--progress", "ndjson"])
    XCTAssertEqual(failed.code, 66)
    XCTAssertEqual(failed.stderr, #"{"error":"/no/a.mp4: no such file","exitCode":66,"stage":"failed"}"# + "\n")
  }

  /// Under `--progress ndjson` every line of standard error is a JSON object: the notes and warnings (a note
  /// came first as plain text and broke a parser on line 1), the failure, even a usage error.
  func testEveryLineOfNDJSONIsJSON() throws {
    let gop = FixtureFiles.path("gop.mp4")
    let out = FixtureFiles.temporaryFolder().appendingPathComponent("j.mp4").path
    let runs: [([String], Int32, [String])] = [
      (["concat", FixtureFiles.path("truncated.mp4"), gop, "-o", out], 0, ["warning", "render", "done"]),
      (["concat", gop + "#t=1,5", gop + "#t=6,9", "-o", out, "-y"], 0, ["note", "render", "done"]),
      (["concat", gop, "/no/b.mp4", "-o", out, "-y"], 66, ["failed"]),
      (["concat", gop, gop, "--copy", "-o", out, "-y"], 0, ["done"]),
      (["concat", gop, "--bogus", "-o", out, "-y"], 64, ["failed"]),
    ]
    for (arguments, code, stages) in runs {
      let result = try ClipmergeProcess.run(arguments + ["--progress", "ndjson"])
      XCTAssertEqual(result.code, code, result.stderr)
      var seen: [String] = []
      for line in result.stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        let stage = try XCTUnwrap(object?["stage"] as? String, "not a JSON object with a stage: \(line)")
        if seen.last != stage { seen.append(stage) }
      }
      XCTAssertEqual(seen, stages, result.stderr)
      XCTAssertTrue(result.stderr.hasSuffix("}\n"), result.stderr)
    }
  }
}
