import Foundation
import TestSupport
import XCTest

/// What clipmerge says about inputs that are not what they seem and requests that do nothing: warnings and
/// errors name the file and say the problem in the user's terms.
final class DiagnosticsTests: XCTestCase {
  let base = FixtureFiles.path("base.mp4")
  let overlay = FixtureFiles.path("overlay.mp4")

  func out(_ name: String = "out.mp4") -> String { FixtureFiles.temporaryFolder().appendingPathComponent(name).path }

  func testRequestsWithNoEffectAreWarnedAbout() throws {
    let hidden = try ClipmergeProcess.run(
      ["overlay", base, overlay, "--position", "400,10", "--fade-out", "6,1", "-o", out(), "--preset", "ultrafast"])
    XCTAssertEqual(hidden.code, 0, hidden.stderr)
    XCTAssertTrue(
      hidden.stderr.contains(
        "clipmerge: warning: \(overlay): it is placed wholly outside the 320x240 frame, so it will not be seen\n"),
      hidden.stderr)
    XCTAssertTrue(
      hidden.stderr.contains(
        "clipmerge: warning: \(overlay): its opacity change at 6.000 s starts after the output ends (4.000 s), "
          + "so it has no effect\n"), hidden.stderr)
    let silent = try ClipmergeProcess.run(
      [
        "concat", base, "--soundtrack", FixtureFiles.path("music.m4a"), "--soundtrack-volume", "0", "-o", out(),
        "--preset", "ultrafast",
      ])
    XCTAssertEqual(silent.code, 0, silent.stderr)
    XCTAssertTrue(
      silent.stderr.contains(
        "clipmerge: warning: \(FixtureFiles.path("music.m4a")): its volume is 0, so it will not be heard\n"),
      silent.stderr)
    // A placement in the frame draws no warning.
    let fine = try ClipmergeProcess.run(["overlay", base, overlay, "-o", out(), "--preset", "ultrafast"])
    XCTAssertFalse(fine.stderr.contains("warning"), fine.stderr)
    // A transition for one clip joins nothing.
    let lone = try ClipmergeProcess.run([
      "concat", base, "--transition", "crossfade", "-o", out(), "--preset", "ultrafast",
    ])
    XCTAssertEqual(lone.code, 0, lone.stderr)
    XCTAssertTrue(
      lone.stderr.contains(
        "clipmerge: warning: --transition has no effect: a transition joins two clips, and there is one\n"),
      lone.stderr)
    // A track no instruction draws, and a time no instruction covers.
    let gaps = FixtureFiles.temporaryFolder().appendingPathComponent("gaps.json").path
    try Data(
      """
      {"tracks": [
        {"id": 1, "kind": "video", "segments": [{"source": "\(base)", "sourceRange": {"start": 0, "duration": 3}, "start": 0}]},
        {"id": 2, "kind": "video", "segments": [{"source": "\(overlay)", "sourceRange": {"start": 0, "duration": 3}, "start": 0}]}],
       "video": {"renderSize": "320x240", "frameRate": 30, "instructions": [
         {"timeRange": {"start": 0, "duration": 1}, "layers": [{"track": 1}]},
         {"timeRange": {"start": 2, "duration": 1}, "layers": [{"track": 1}]}]}}
      """.utf8
    ).write(to: URL(fileURLWithPath: gaps))
    let uncovered = try ClipmergeProcess.run(["compose", gaps, "--dry-run"])
    XCTAssertEqual(uncovered.code, 0, uncovered.stderr)
    XCTAssertTrue(
      uncovered.stderr.contains(
        "clipmerge: warning: \(overlay): no instruction draws its track (track 2), so it will not be seen\n"),
      uncovered.stderr)
    XCTAssertTrue(
      uncovered.stderr.contains(
        "clipmerge: warning: no instruction covers 1.000 s to 2.000 s: the frame shows only the background colour there\n"
      ),
      uncovered.stderr)
    // A spec that is not JSON says where, by line and column.
    let spec = FixtureFiles.temporaryFolder().appendingPathComponent("bad.json").path
    try Data("{\n  \"tracks\": [\n    {\"id\": 1,, }\n  ]\n}\n".utf8).write(to: URL(fileURLWithPath: spec))
    let broken = try ClipmergeProcess.run(["compose", spec, "-o", out()])
    XCTAssertEqual(broken.code, 65)
    XCTAssertEqual(
      broken.stderr, "clipmerge: error: \(spec): not valid JSON: expected a key in quotes (line 3, column 14)\n")
  }

  func testCutOffRecordingIsRenderedForItsDataWithAWarning() throws {
    let cut = FixtureFiles.path("cut-off.mkv")
    let result = try ClipmergeProcess.run(["concat", cut, "-o", out(), "--preset", "ultrafast"])
    XCTAssertEqual(result.code, 0, result.stderr)
    let warning = try XCTUnwrap(result.stderr.split(separator: "\n").first.map(String.init))
    XCTAssertTrue(warning.hasPrefix("clipmerge: warning: \(cut): truncated: its data ends at "), warning)
    XCTAssertTrue(warning.contains(", not the 30.0"), warning)
    let probe = try ClipmergeProcess.run(["probe", cut])
    XCTAssertTrue(probe.stdout.contains("(truncated: the header states 30.0"), probe.stdout)
  }

  func testCopyJoinOfFilesThatLieAboutTheirLengthLeavesNoHole() throws {
    // truncated.mp4's index says 4 s, its data ends at 2.1 s; cut-off.mkv's header says 30 s, its data 3.46 s.
    for (name, data) in [("truncated.mp4", 2.1), ("cut-off.mkv", 3.46)] {
      let clip = FixtureFiles.path(name)
      let path = out()
      let result = try ClipmergeProcess.run(["concat", clip, clip, "--copy", "-o", path])
      XCTAssertEqual(result.code, 0, result.stderr)
      let warnings = result.stderr.split(separator: "\n").filter { $0.hasPrefix("clipmerge: warning: ") }
      XCTAssertEqual(warnings.count, 1, result.stderr)
      XCTAssertTrue(warnings.first?.hasPrefix("clipmerge: warning: \(clip): truncated: its data ends at ") ?? false)
      // ffprobe, not our reader: the second copy follows the first's data, so no two pictures are far apart.
      let times = try ClipmergeProcess.runTool(
        "ffprobe", ["-v", "error", "-select_streams", "v", "-show_entries", "packet=pts_time", "-of", "csv=p=0", path]
      ).split(separator: "\n").compactMap { Double($0) }.sorted()
      let gap = zip(times, times.dropFirst()).map { $1 - $0 }.max() ?? .infinity
      XCTAssertLessThan(gap, 0.1, "\(name): a hole of \(gap) s in the joined video")
      let duration = try XCTUnwrap(
        Double(
          ClipmergeProcess.runTool(
            "ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", path]
          ).trimmingCharacters(in: .whitespacesAndNewlines)))
      XCTAssertEqual(duration, 2 * data, accuracy: 0.1, name)
    }
  }

  func testAVideoStreamWithoutPicturesIsRefusedNotRenderedBlack() throws {
    let empty = out("empty-video.mkv")
    // A Matroska file with an H.264 track header and 3 s of sound, but not one video packet.
    _ = try ClipmergeProcess.runTool(
      "ffmpeg",
      [
        "-nostdin", "-v", "error", "-f", "lavfi", "-i", "color=s=64x48:r=25", "-f", "lavfi", "-i", "sine=f=440",
        "-t", "3", "-map", "0:v", "-map", "1:a", "-c:v", "libx264", "-bsf:v", "noise=drop=1", "-c:a", "aac", empty,
      ])
    let packets = try ClipmergeProcess.runTool(
      "ffprobe", ["-v", "error", "-select_streams", "v", "-show_entries", "packet=pts", "-of", "csv=p=0", empty])
    XCTAssertEqual(packets, "", "the fixture has no video packet")
    let streams = try ClipmergeProcess.runTool(
      "ffprobe", ["-v", "error", "-show_entries", "stream=codec_type", "-of", "csv=p=0", empty])
    XCTAssertEqual(streams, "video\naudio\n", "the fixture has a video stream")
    let path = out()
    let result = try ClipmergeProcess.run(["concat", empty, "-o", path])
    XCTAssertEqual(result.code, 65, result.stderr)
    XCTAssertEqual(result.stderr, "clipmerge: error: \(empty): its video stream (h264) holds no pictures\n")
    XCTAssertFalse(FileManager.default.fileExists(atPath: path))
  }

  func testStillPicturesAndTextsHaveLimits() throws {
    // PNG headers stating 9000x9000 and 20000x20000 pixels (a few hundred bytes each): refused before decoding.
    func png(_ side: UInt32) throws -> String {
      func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return withUnsafeBytes(of: UInt32(data.count).bigEndian, Array.init) + body
          + withUnsafeBytes(of: Self.crc32(body).bigEndian, Array.init)
      }
      let size = withUnsafeBytes(of: side.bigEndian, Array.init)
      let raw: [UInt8] = [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]
      let bytes: [UInt8] =
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", size + size + [8, 6, 0, 0, 0])
        + chunk("IDAT", raw) + chunk("IEND", [])
      let path = out("still-\(side).png")
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      return path
    }
    let large = try png(9000)
    let huge = try png(20000)
    let cases = [
      (large, "picture size 9000x9000 is too large for a still picture (at most 67 million pixels, such as 8192x8192)"),
      (
        huge, "picture size 20000x20000 is too large for a still picture (at most 67 million pixels, such as 8192x8192)"
      ),
    ]
    for (still, reason) in cases {
      let path = out()
      let result = try ClipmergeProcess.run(["overlay", base, still, "-o", path])
      XCTAssertEqual(result.code, 65, result.stderr)
      XCTAssertEqual(result.stderr, "clipmerge: error: \(still): \(reason)\n")
      XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    }
    let text = String(repeating: "word ", count: 20_000)
    let result = try ClipmergeProcess.run(["concat", base, "--text", text, "-o", out()])
    XCTAssertEqual(result.code, 65, result.stderr)
    XCTAssertEqual(
      result.stderr, "clipmerge: error: the text holds 100000 characters; at most 2000 can be drawn over a picture\n")
  }

  /// The CRC-32 a PNG chunk ends with (ISO 3309, as zlib's).
  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }

  func testExitCodesAndMessagesSayWhatHappened() throws {
    let folder = FixtureFiles.temporaryFolder()
    // A spec whose only problem is a missing source: 66, as for a missing clip.
    let spec = folder.appendingPathComponent("missing.json").path
    try Data(
      #"{"tracks":[{"id":1,"kind":"video","segments":[{"source":"nowhere.mp4","sourceRange":{"start":0,"duration":1},"start":0}]}],"video":{"renderSize":"320x240","frameRate":30}}"#
        .utf8
    ).write(to: URL(fileURLWithPath: spec))
    let missing = try ClipmergeProcess.run(["compose", spec, "-o", out()])
    XCTAssertEqual(missing.code, 66, missing.stderr)
    // An empty trim is a usage error about the trim, not about transitions.
    let empty = try ClipmergeProcess.run(["concat", base + "#t=,0", "-o", out()])
    XCTAssertEqual(empty.code, 64, empty.stderr)
    XCTAssertEqual(
      empty.stderr, "clipmerge: error: '\(base)#t=,0': expected FILE or FILE#t=START,END with START before END\n")
    // A line break or an escape in a file name stays inside the one line, escaped.
    let named = try ClipmergeProcess.run(["concat", folder.path + "/a\nb\u{1B}[31m.mp4", "-o", out()])
    XCTAssertEqual(named.code, 66, named.stderr)
    XCTAssertEqual(named.stderr, "clipmerge: error: \(folder.path)/a\\nb\\u{1B}[31m.mp4: no such file\n")
    // MPEG-4 Part 2 in MP4 (its sample entry leaves the picture size to the stream) joins by stream copy.
    let part2 = folder.appendingPathComponent("part2.mp4").path
    _ = try ClipmergeProcess.runTool(
      "ffmpeg", ["-nostdin", "-v", "error", "-f", "lavfi", "-i", "testsrc=s=64x48:r=25:d=1", "-c:v", "mpeg4", part2])
    let joined = out()
    let copy = try ClipmergeProcess.run(["concat", part2, part2, "--copy", "-o", joined])
    XCTAssertEqual(copy.code, 0, copy.stderr)
    let frames = try ClipmergeProcess.runTool(
      "ffprobe",
      ["-v", "error", "-count_frames", "-show_entries", "stream=codec_name,nb_read_frames", "-of", "csv=p=0", joined])
    XCTAssertEqual(frames, "mpeg4,50\n")
  }

  /// Every open of an input (the probe, each decoder, the copy joiner's reads) says "too many open files" with
  /// exit 71 when the descriptor limit is reached, never "not a media file" with 65; a run either finishes or
  /// leaves no output.
  func testRunningOutOfFileDescriptorsIsTheSystemsRefusal() throws {
    let jobs: [(String, [String])] = [
      ("concat", ["concat", base, base, base]), ("copy", ["concat", base, base, base, "--copy"]),
      ("overlay", ["overlay", base, base]),
    ]
    for (name, arguments) in jobs {
      var refused: [Int] = []
      for limit in 5...12 {
        let target = out()
        let result = try ClipmergeProcess.capture(
          URL(fileURLWithPath: "/bin/sh"),
          ["-c", "ulimit -n \(limit) && exec \"$0\" \"$@\"", ClipmergeProcess.executable.path]
            + arguments + ["-o", target])
        let context = "\(name) with ulimit -n \(limit): \(result.stderr)"
        if result.code == 71 {
          refused.append(limit)
          XCTAssertTrue(result.stderr.hasSuffix(": cannot be opened: too many open files\n"), context)
          XCTAssertFalse(FileManager.default.fileExists(atPath: target), context)
        } else {
          XCTAssertEqual(result.code, 0, context)
        }
      }
      XCTAssertEqual(refused.first, 5, "\(name): \(refused)")
      XCTAssertLessThan(refused.count, 8, "\(name) never ran within 12 descriptors: \(refused)")
    }
  }

  /// A read error part way through an input (EIO from read(2), injected by Tests/Faults/io-error.c under
  /// LD_PRELOAD) fails the job with 74 naming the file, and leaves no output: a copy join used to stop at the
  /// error and exit 0 with 88 of 120 frames, a render to hold the last picture over the rest.
  func testAReadErrorIsAFailureNotTheEndOfTheFile() throws {
    let folder = FixtureFiles.temporaryFolder()
    let shim = folder.appendingPathComponent("io-error.so").path
    let source = FixtureFiles.root.appendingPathComponent("Tests/Faults/io-error.c").path
    _ = try ClipmergeProcess.runTool("clang", ["-shared", "-fPIC", "-o", shim, source, "-ldl"])
    XCTAssertTrue(FileManager.default.fileExists(atPath: shim), "clang built no shim from \(source)")
    // The index first, so the file opens and the error comes among its packets.
    let failing = folder.appendingPathComponent("clip-eio.mp4").path
    let clip = FixtureFiles.path("timing-30.mp4")
    _ = try ClipmergeProcess.runTool(
      "ffmpeg", ["-nostdin", "-v", "error", "-i", clip, "-c", "copy", "-movflags", "+faststart", failing])
    var environment = [
      "LD_PRELOAD": shim, "CLIPMERGE_FAULT_SUFFIX": "-eio.mp4", "CLIPMERGE_FAULT_OFFSET": "60000",
    ]
    // Under AddressSanitizer the shim comes before its runtime in the library list.
    if let options = ClipmergeProcess.childEnvironment["ASAN_OPTIONS"] {
      environment["ASAN_OPTIONS"] = options + ":verify_asan_link_order=0"
    }
    for mode in [["--copy"], ["--smart"], []] {
      let target = out("joined-\(mode.first ?? "render").mp4")
      let result = try ClipmergeProcess.run(
        ["concat", clip, failing, "-o", target, "-q"] + mode, environment: environment)
      XCTAssertEqual(result.code, 74, "\(mode): \(result.stderr)")
      XCTAssertEqual(result.stderr, "clipmerge: error: \(failing): cannot be read: input/output error\n", "\(mode)")
      XCTAssertFalse(FileManager.default.fileExists(atPath: target), "\(mode)")
    }
    // Without the fault the same job succeeds: the error, not the file, failed it.
    let clean = try ClipmergeProcess.run(["concat", clip, failing, "--copy", "-o", out("clean.mp4"), "-q"])
    XCTAssertEqual(clean.code, 0, clean.stderr)
    // A segment whose packets cannot be read is a failed read (74), not a segment to render again (65).
    let job = folder.appendingPathComponent("job").path
    let plan = try ClipmergeProcess.run(["plan", "--segments", "2", job, "--", "concat", clip, "--preset", "ultrafast"])
    XCTAssertEqual(plan.code, 0, plan.stderr)
    let jobs = try String(contentsOfFile: job + "/jobs.txt", encoding: .utf8).split(separator: "\n")
    XCTAssertEqual(jobs.count, 2, "two segments, no audio")
    for part in jobs.compactMap({ $0.split(separator: " ").last.map(String.init) }) {
      let rendered = try ClipmergeProcess.run(["segment", job, part])
      XCTAssertEqual(rendered.code, 0, rendered.stderr)
    }
    let segment = job + "/segments/001.mp4"
    let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: segment)[.size] as? Int)
    var segmentFault = environment
    segmentFault["CLIPMERGE_FAULT_SUFFIX"] = "/segments/001.mp4"
    segmentFault["CLIPMERGE_FAULT_OFFSET"] = String(size / 2)
    let joined = out("joined-segments.mp4")
    let join = try ClipmergeProcess.run(["join", job, "-o", joined, "-q"], environment: segmentFault)
    XCTAssertEqual(join.code, 74, join.stderr)
    XCTAssertEqual(join.stderr, "clipmerge: error: \(segment): cannot be read: input/output error\n")
    XCTAssertFalse(FileManager.default.fileExists(atPath: joined))
    let joinedClean = try ClipmergeProcess.run(["join", job, "-o", joined, "-q"])
    XCTAssertEqual(joinedClean.code, 0, joinedClean.stderr)
    // A failed write of the header (an MP4 to a pipe writes it at once) is the output's failure, 73, not the
    // encoders' (it was "internal error: cannot set up the encoders", 70).
    var writes = environment
    writes["CLIPMERGE_FAULT_WRITE_FD"] = "1"
    writes["CLIPMERGE_FAULT_SUFFIX"] = nil
    for format in ["mp4", "mkv"] {
      let header = try ClipmergeProcess.run(["concat", clip, "-o", "-", "--format", format], environment: writes)
      XCTAssertEqual(header.code, 73, "\(format): \(header.stderr)")
      XCTAssertEqual(header.stderr, "clipmerge: error: -: cannot write (Input/output error)\n", format)
    }
  }

  /// The advice a plain render gives ("--smart would copy N %") is worked out on the composition as it renders,
  /// so it is the share `--smart` then copies: with a text on top (it used to promise 57 % and copy nothing) there
  /// is no advice, and no note offers --copy for clips that get a text. The plain renders name a preset, so
  /// none of them is smart by default (a named encoding is for every frame) and each gives its advice.
  func testSmartAdviceIsWhatSmartThenCopies() throws {
    let gop = FixtureFiles.path("gop.mp4")
    let jobs: [[String]] = [
      ["concat", gop + "#t=1,5", gop + "#t=6,9"], ["concat", gop + "#t=1,5", gop + "#t=6,9", "--text", "Hi"],
      ["concat", gop + "#t=0.5,8"], ["concat", gop, gop, "--text", "Hi"], ["concat", gop + "#t=2,3"],
    ]
    func share(_ text: String, after prefix: String) -> Int? {
      guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(prefix) }),
        let open = line.range(of: "copy ")?.upperBound ?? line.range(of: "(")?.upperBound,
        let end = line[open...].range(of: " %")?.lowerBound
      else { return nil }
      return Int(line[open..<end].split(separator: "(").last ?? "")
    }
    var advised = 0
    for job in jobs {
      let plain = try ClipmergeProcess.run(job + ["-o", out("plain.mp4"), "--preset", "ultrafast"])
      XCTAssertEqual(plain.code, 0, plain.stderr)
      XCTAssertFalse(job.contains("--text") && plain.stderr.contains("--copy would"), "\(job): \(plain.stderr)")
      let smart = try ClipmergeProcess.run(job + ["--smart", "-o", out("smart.mp4"), "--preset", "ultrafast"])
      XCTAssertEqual(smart.code, 0, smart.stderr)
      let promised = share(plain.stderr, after: "clipmerge: note: --smart would copy")
      let copied = share(smart.stderr, after: "clipmerge: note: smart render:")
      if promised != nil { advised += 1 }
      // Advice is given from 25 %; below it, or when nothing can be copied, none.
      XCTAssertEqual(promised, copied.flatMap { $0 >= 25 ? $0 : nil }, "\(job): \(plain.stderr) / \(smart.stderr)")
    }
    XCTAssertGreaterThanOrEqual(advised, 2, "the jobs include ones worth advice")
  }

  func testBrokenSpecTextIsAnErrorNotACrash() throws {
    let folder = FixtureFiles.temporaryFolder()
    for text in [#"{"a": "\uD800\u0041"}"#, #"{"a": "\uDC00"}"#, #"{"a": "\uD800"}"#, #"{"a": "\u12"}"#] {
      let path = folder.appendingPathComponent("bad.json").path
      try Data(text.utf8).write(to: URL(fileURLWithPath: path))
      let result = try ClipmergeProcess.run(["compose", path, "-o", out()])
      XCTAssertEqual(result.code, 65, "\(text): \(result.stderr)")
      XCTAssertTrue(result.stderr.hasPrefix("clipmerge: error: \(path): not valid JSON: "), result.stderr)
    }
  }

  func testAnImageThatCannotBeDecodedIsRefusedAndNothingWritten() throws {
    let folder = FixtureFiles.temporaryFolder()
    let broken = folder.appendingPathComponent("broken.png").path
    let whole = try Data(contentsOf: URL(fileURLWithPath: FixtureFiles.path("logo.png")))
    try whole.prefix(60).write(to: URL(fileURLWithPath: broken))
    let out = folder.appendingPathComponent("out.mp4").path
    for command in [["overlay", base, broken], ["concat", broken, base]] {
      let result = try ClipmergeProcess.run(command + ["-o", out])
      XCTAssertEqual(result.code, 65, result.stderr)
      XCTAssertTrue(result.stderr.hasPrefix("clipmerge: error: \(broken): "), result.stderr)
      XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
      XCTAssertFalse(FileManager.default.fileExists(atPath: out))
    }
  }
}
