import Engine
import Foundation
import TestSupport
import XCTest

/// Files that declare more than they hold, or hold no picture that decodes: refused with exit 65 and one line
/// before anything is rendered (they rendered as black with exit 0, or took a gigabyte for a picture header),
/// with the child's peak memory (ru_maxrss, through Python's resource module) far under the 1 GB limit.
final class DeclaredSizeTests: XCTestCase {
  let folder = FixtureFiles.temporaryFolder()

  func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  /// The most a run may take here: 400 MB, or under AddressSanitizer (its shadow memory and quarantine add a few
  /// hundred) the 1 GB the limits are for.
  let budget = ProcessInfo.processInfo.environment["CLIPMERGE_CHILD_ASAN_OPTIONS"] == nil ? 400 : 1000

  /// Runs clipmerge with `arguments` under a Python parent that prints the child's exit code and peak memory.
  func measured(_ arguments: [String]) throws -> (code: Int32, stderr: String, megabytes: Int) {
    let script = """
      import resource, subprocess, sys
      r = subprocess.run(sys.argv[1:], stderr=subprocess.PIPE)
      sys.stderr.buffer.write(r.stderr)
      print(r.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024)
      """
    let result = try ClipmergeProcess.capture(
      URL(fileURLWithPath: "/usr/bin/python3"), ["-c", script, ClipmergeProcess.executable.path] + arguments)
    let fields = result.stdout.split(separator: " ").compactMap {
      Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
    }
    guard fields.count == 2 else { throw CheckError("no measurement: \(result.stdout) \(result.stderr)") }
    return (Int32(fields[0]), result.stderr, fields[1])
  }

  func refused(_ file: String, _ message: String) throws {
    let out = path("out.mp4")
    let run = try measured(["concat", file, "-o", out])
    XCTAssertEqual(run.code, 65, run.stderr)
    XCTAssertEqual(run.stderr, "clipmerge: error: \(file): \(message)\n")
    XCTAssertLessThan(run.megabytes, budget, "peak memory in MB")
    XCTAssertFalse(FileManager.default.fileExists(atPath: out))
  }

  func testAPictureHeaderDeclaringAHugeSizeIsRefusedWithoutAllocatingIt() throws {
    // logo.png with its IHDR saying 16384x16000 (the CRC mended): 1 GB was allocated for it before the refusal.
    var png = [UInt8](try Data(contentsOf: URL(fileURLWithPath: FixtureFiles.path("logo.png"))))
    XCTAssertEqual(Array(png[12..<16]), Array("IHDR".utf8))
    png.replaceSubrange(16..<24, with: [0, 0, 0x40, 0, 0, 0, 0x3E, 0x80])
    let crc = Self.crc32(png[12..<29])
    png.replaceSubrange(29..<33, with: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: crc >> $0) })
    try Data(png).write(to: URL(fileURLWithPath: path("huge.png")))
    try refused(
      path("huge.png"),
      "picture size 16384x16000 is too large for a still picture (at most 67 million pixels, such as 8192x8192)")
  }

  func testAVideoWhosePicturesDeclareAHugeSizeOrDecodeToNothingIsRefused() throws {
    // Motion JPEG at 320x240 whose every picture's SOF0 header says 16384x16000: the decoder refuses the size.
    let clip = path("mjpeg.mov")
    _ = try ClipmergeProcess.runTool(
      "ffmpeg",
      ["-nostdin", "-v", "error", "-f", "lavfi", "-i", "testsrc2=s=320x240:r=10:d=1", "-c:v", "mjpeg", clip])
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: clip)))
    var patched = 0
    for k in bytes.indices.dropLast(9) where bytes[k..<k + 5] == [0xFF, 0xC0, 0x00, 0x11, 0x08] {
      bytes.replaceSubrange(k + 5..<k + 9, with: [0x3E, 0x80, 0x40, 0x00])
      patched += 1
    }
    XCTAssertEqual(patched, 10)
    try Data(bytes).write(to: URL(fileURLWithPath: path("huge.mov")))
    try refused(path("huge.mov"), "no picture of its video decodes (damaged data, or a size it does not have)")
    // gop.mp4 with its media data overwritten: not one picture decodes (it rendered 300 black frames, exit 0).
    var media = [UInt8](try Data(contentsOf: URL(fileURLWithPath: FixtureFiles.path("gop.mp4"))))
    let mdat = try XCTUnwrap(media.indices.dropLast(4).first { Array(media[$0..<$0 + 4]) == Array("mdat".utf8) })
    var seed: UInt64 = 1
    let size = media[(mdat - 4)..<mdat].reduce(0) { $0 << 8 | Int($1) }
    for k in (mdat + 4)..<(mdat - 4 + size) {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      media[k] = UInt8(truncatingIfNeeded: seed >> 33)
    }
    try Data(media).write(to: URL(fileURLWithPath: path("noise.mp4")))
    try refused(path("noise.mp4"), "no picture of its video decodes (damaged data, or a size it does not have)")
  }

  /// PNG's CRC-32 of `bytes`.
  static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }

  /// A 668-byte ASS cue asking libass for a 5000-pixel glyph, blurred by 100, bordered and shadowed by 500 and
  /// stretched ten times (14.7 GB and 40 s for 2 s of 320x240): rendered within bounds, under 400 MB; a 5 MB
  /// SRT cue (2.3 GB and still running at 120 s) is refused naming the cue and the limit.
  func testSubtitleCuesAreKeptWithinBounds() throws {
    let ass = path("hostile.ass")
    try """
    [Script Info]
    ScriptType: v4.00+
    PlayResX: 320
    PlayResY: 240

    [V4+ Styles]
    Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, \
    Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, \
    MarginR, MarginV, Encoding
    Style: Default,DejaVu Sans,20,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,2,0,2,10,10,10,1

    [Events]
    Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
    Dialogue: 0,0:00:00.00,0:00:02.00,Default,,0,0,0,,{\\fs5000\\blur100\\bord500\\shad500\\fscx1000\\fscy1000}\
    \(String(repeating: "W", count: 50))

    """.write(toFile: ass, atomically: true, encoding: .utf8)
    let out = path("titled.mp4")
    let base = FixtureFiles.path("base.mp4") + "#t=0,2"
    let run = try measured(["concat", base, "--subtitles", ass, "-o", out, "--preset", "ultrafast", "-q"])
    XCTAssertEqual(run.code, 0, run.stderr)
    XCTAssertLessThan(run.megabytes, budget, "peak memory in MB")
    // The cue shows: white letters fill much of the middle frame.
    let white = try ClipmergeProcess.capture(
      URL(fileURLWithPath: "/usr/bin/env"),
      [
        "ffmpeg", "-nostdin", "-v", "error", "-ss", "1", "-i", out, "-frames:v", "1", "-vf", "extractplanes=y", "-f",
        "rawvideo", "-",
      ]
    ).output.filter { $0 > 200 }.count
    XCTAssertGreaterThan(white, 320 * 240 / 10)
    let srt = path("long.srt")
    try ("1\n00:00:00,000 --> 00:00:02,000\n" + String(repeating: "word ", count: 1_000_000) + "\n").write(
      toFile: srt, atomically: true, encoding: .utf8)
    let long = try measured(["concat", base, "--subtitles", srt, "-o", out, "-y"])
    XCTAssertEqual(long.code, 65, long.stderr)
    // The count is of the cue as libass gets it (FFmpeg's SRT decoder adds its line breaks).
    XCTAssertTrue(long.stderr.hasPrefix("clipmerge: error: \(srt): the cue at 0.000 s has 50"), long.stderr)
    XCTAssertTrue(long.stderr.hasSuffix(" characters (at most 2000, as --text)\n"), long.stderr)
    XCTAssertLessThan(long.megabytes, budget)
  }

  /// A contact sheet of a 4K clip scales each cell's picture as it is made: one 4K picture at a time, not all of
  /// them (a 5x4 sheet took 895 MB and 10 s in the debug build, now 214 MB and 2 s).
  func testAContactSheetOfA4KClipHoldsOne4KPictureAtATime() throws {
    let clip = path("4k.mp4")
    _ = try ClipmergeProcess.runTool(
      "ffmpeg",
      [
        "-nostdin", "-v", "error", "-f", "lavfi", "-i", "testsrc2=s=3840x2160:r=10:d=1", "-c:v", "libx264",
        "-preset", "ultrafast", "-g", "5", clip,
      ])
    let sheet = path("sheet.png")
    let run = try measured(["frame", clip, "--contact-sheet", "5x4", "-o", sheet, "-q"])
    XCTAssertEqual(run.code, 0, run.stderr)
    XCTAssertLessThan(run.megabytes, budget, "peak memory in MB")
    let picture = try XCTUnwrap(try PictureGrabber(path: sheet).picture(at: .zero))
    XCTAssertEqual(picture.width, 1280)
  }

  /// 200 titles shown at once share one libass renderer (each had its own, with fontconfig's font list: 708 MB
  /// and 2.0 s in the debug build, now 76 MB and 0.8 s), and every title is drawn.
  func testTwoHundredTitlesAtOnceShareOneTextRenderer() throws {
    var tracks = [
      #"{"id": 1, "kind": "video", "segments": [{"source": "\#(FixtureFiles.path("base.mp4"))", "#
        + #""sourceRange": {"start": 0, "duration": 1}, "start": 0}]}"#
    ]
    var layers: [String] = []
    for i in 0..<200 {
      tracks.append(
        #"{"id": \#(i + 2), "kind": "video", "segments": [{"source": {"text": "T\#(i)", "style": {"size": 12, "position": "center"}}, "#
          + #""sourceRange": {"start": 0, "duration": 1}, "start": 0}]}"#)
      layers.append(
        #"{"track": \#(i + 2), "transform": {"translate": [\#(i % 20 * 16 - 150), \#(i / 20 * 20 - 100)]}}"#)
    }
    layers.append(#"{"track": 1}"#)
    let spec = path("titles.json")
    try
      (#"{"tracks": [\#(tracks.joined(separator: ","))], "video": {"renderSize": "320x240", "frameRate": 25, "#
      + #""instructions": [{"timeRange": {"start": 0, "duration": 1}, "layers": [\#(layers.joined(separator: ","))]}]}, "#
      + #""output": {"preset": "ultrafast"}}"#).write(toFile: spec, atomically: true, encoding: .utf8)
    let out = path("titles.mp4")
    let run = try measured(["compose", spec, "-o", out, "-q"])
    XCTAssertEqual(run.code, 0, run.stderr)
    XCTAssertLessThan(run.megabytes, budget / 2, "peak memory in MB")
    // Each title's white strokes, in every cell of the 20x10 grid the titles are placed on.
    let luma = try ClipmergeProcess.capture(
      URL(fileURLWithPath: "/usr/bin/env"),
      [
        "ffmpeg", "-nostdin", "-v", "error", "-i", out, "-frames:v", "1", "-vf", "extractplanes=y", "-f", "rawvideo",
        "-",
      ]
    ).output
    XCTAssertEqual(luma.count, 320 * 240)
    var drawn = 0
    for cell in 0..<200 {
      let x0 = 160 + cell % 20 * 16 - 150 - 8
      let y0 = 120 + cell / 20 * 20 - 100 - 10
      let lit = (max(0, y0)..<min(240, y0 + 20)).contains { y in
        (max(0, x0)..<min(320, x0 + 16)).contains { x in luma[luma.startIndex + y * 320 + x] > 180 }
      }
      if lit { drawn += 1 }
    }
    XCTAssertEqual(drawn, 200, "titles drawn")
  }
}
