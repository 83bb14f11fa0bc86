import Composition
import Engine
import Foundation
import TestSupport
import XCTest

@testable import ClipMergeCLI

/// Every example spec under Fixtures/compositions rendered and checked, and the spec's error reporting.
final class ComposeSpecTests: XCTestCase {
  func s(_ text: String) -> MediaTime { MediaTime(parsing: text)! }

  func spec(_ name: String) -> String {
    _ = FixtureFiles.path("base.mp4")  // makes the fixtures the specs point at
    return FixtureFiles.root.appendingPathComponent("Fixtures/compositions/\(name).json").path
  }

  func render(_ name: String, pitch: AudioTimePitch = .keep) throws -> (path: String, report: ExportReport) {
    var (_, composition) = try ComposeCommand.load(spec(name))
    composition.export.audioTimePitch = pitch
    let out = FixtureFiles.temporaryFolder().appendingPathComponent("\(name).mov").path
    return (
      out,
      try Exporter(composition: composition, route: OutputRoute(path: out, container: .mov), overwrite: false).run()
    )
  }

  func colour(_ file: String, at time: String = "0.5", x: Int = 5, y: Int = 5) throws -> (y: Int, u: Int, v: Int) {
    try XCTUnwrap(PictureGrabber(path: FixtureFiles.path(file)).picture(at: s(time))?.yuv(x: x, y: y))
  }

  func pictures(_ path: String, _ times: [String]) throws -> [PictureSample] {
    let grabber = try PictureGrabber(path: path)
    return try times.map { try XCTUnwrap(grabber.picture(at: s($0))) }
  }

  func assertNear(
    _ p: PictureSample, _ x: Int, _ y: Int, _ e: (y: Int, u: Int, v: Int), _ what: String,
    file: StaticString = #filePath,
    line: UInt = #line
  ) {
    guard let got = p.yuv(x: x, y: y) else { return XCTFail("outside", file: file, line: line) }
    XCTAssertTrue(
      abs(got.y - e.y) <= 4 && abs(got.u - e.u) <= 4 && abs(got.v - e.v) <= 4, "\(what): \(got) vs \(e)", file: file,
      line: line)
  }

  func testPictureInPictureFade() throws {
    let (path, report) = try render("pip-fade")
    XCTAssertEqual(report.videoFrames, 120)
    let base = try colour("base.mp4")
    let overlay = try colour("overlay.mp4")
    let p = try pictures(path, ["0.5", "1.5", "2.5"])
    func mix(_ a: Double) -> (y: Int, u: Int, v: Int) {
      (
        Int(Double(base.y) + Double(overlay.y - base.y) * a), Int(Double(base.u) + Double(overlay.u - base.u) * a),
        Int(Double(base.v) + Double(overlay.v - base.v) * a)
      )
    }
    assertNear(p[0], 240, 60, base, "before the fade")
    assertNear(p[1], 240, 60, mix(0.5), "half-way")
    assertNear(p[2], 240, 60, overlay, "after the fade")
    assertNear(p[2], 60, 180, base, "outside the overlay")
  }

  func testTrimsAtExactRationalTimes() throws {
    let (path, report) = try render("trims-exact-times")
    // 1.001 + 1.037 = 2.038 s at 30000/1001 fps: ceil(61.08) = 62 frames.
    XCTAssertEqual(report.videoFrames, 62)
    let frame = s("1001/30000")
    let grabber = try PictureGrabber(path: path)
    var whiteStarts: [MediaTime] = []
    var wasWhite = false
    for n in 0..<report.videoFrames {
      let white = (try grabber.picture(at: frame * n)?.yuv(x: 80, y: 60)?.y ?? 0) > 128
      if white && !wasWhite { whiteStarts.append(frame * n) }
      wasWhite = white
    }
    XCTAssertEqual(whiteStarts.count, 2)
    XCTAssertEqual(whiteStarts.first, .zero)
    if whiteStarts.count == 2 {
      XCTAssertGreaterThanOrEqual(whiteStarts[1], s("1.001"))
      XCTAssertLessThan(whiteStarts[1] - s("1.001"), frame)
    }
  }

  func testTransformRampAndRotation() throws {
    let (path, _) = try render("transform-ramp-rotate")
    let green = try colour("split.mp4", x: 40, y: 40)
    let magenta = try colour("split.mp4", x: 120, y: 40)
    let gray = (y: 126, u: 128, v: 128)
    let p = try pictures(path, ["0.5", "1.5"])
    // At 0.5 s the picture has moved half-way to (160, 160): it covers x 80..<240, y 80..<160.
    assertNear(p[0], 120, 120, green, "moved: left half")
    assertNear(p[0], 200, 120, magenta, "moved: right half")
    assertNear(p[0], 20, 20, gray, "background")
    // Turned a quarter clockwise and moved by (200, 40): x 120..<200, y 40..<200, green on top.
    assertNear(p[1], 160, 80, green, "turned: top")
    assertNear(p[1], 160, 160, magenta, "turned: bottom")
    assertNear(p[1], 60, 120, gray, "background beside")
  }

  func testCropHidesWithoutMoving() throws {
    let (path, _) = try render("crop")
    let magenta = try colour("split.mp4", x: 120, y: 40)
    let p = try pictures(path, ["0.5"])[0]
    assertNear(p, 120, 40, magenta, "inside the crop, where it always was")
    assertNear(p, 40, 40, (16, 128, 128), "outside the crop: background")
  }

  func testVolumeRampsAndSets() throws {
    let (path, _) = try render("volume-ramp")
    let rate = 48000
    let a = try AudioGrabber.samples(path: path, sampleRate: rate, channels: 2)[0]
    let music = try AudioGrabber.samples(path: FixtureFiles.path("music.m4a"), sampleRate: rate, channels: 2)[0]
    func amp(_ f: Double, _ samples: [Float], _ from: Double, _ to: Double) -> Double {
      Tone.amplitude(of: f, in: samples[Int(from * Double(rate))..<Int(to * Double(rate))], sampleRate: rate)
    }
    let full440 = amp(440, a, 0.2, 0.9)
    XCTAssertGreaterThan(full440, 0.05)
    XCTAssertEqual(amp(440, a, 2.45, 2.55) / full440, 0.707, accuracy: 0.06, "equal-power ramp half-way")
    XCTAssertLessThan(amp(440, a, 3.1, 3.9), full440 * 0.02, "after the ramp")
    let music2500 = amp(2500, music, 0.5, 1.5)
    XCTAssertEqual(amp(2500, a, 1.5, 2.5) / music2500, 0.5, accuracy: 0.05, "music at volume 0.5")
    XCTAssertLessThan(amp(2500, a, 3.6, 3.95), music2500 * 0.02, "music set to 0 at 3.5 s")
    XCTAssertLessThan(amp(2500, a, 0.1, 0.9), music2500 * 0.02, "music starts at 1 s")
  }

  /// Speed 2 plays the picture twice as fast; the 440 Hz tone stays at 440 Hz (the pitch is kept), or with the
  /// pitch following it goes up an octave, to 880 Hz.
  func testSpeedDoublesPictureAndKeepsOrDoublesPitch() throws {
    let (path, report) = try render("speed")
    XCTAssertEqual(report.videoFrames, 30)
    let p = try pictures(path, ["0", "1/30", "0.5"])
    XCTAssertGreaterThan(p[0].yuv(x: 80, y: 60)?.y ?? 0, 200, "the white first frame")
    XCTAssertLessThan(p[1].yuv(x: 80, y: 60)?.y ?? 255, 40, "source 2/30 s is black")
    XCTAssertLessThan(p[2].yuv(x: 80, y: 60)?.y ?? 255, 40, "the video track ended at 0.6 s")
    let a = try AudioGrabber.samples(path: path, sampleRate: 48000, channels: 2)[0]
    XCTAssertEqual(Double(a.count), 48000, accuracy: 1024)
    let window = a[4800..<43200]
    XCTAssertGreaterThan(Tone.amplitude(of: 440, in: window, sampleRate: 48000), 0.04, "440 Hz kept at twice the speed")
    XCTAssertLessThan(Tone.amplitude(of: 880, in: window, sampleRate: 48000), 0.005)
    let (tape, _) = try render("speed", pitch: .follow)
    let b = try AudioGrabber.samples(path: tape, sampleRate: 48000, channels: 2)[0][4800..<43200]
    XCTAssertGreaterThan(Tone.amplitude(of: 880, in: b, sampleRate: 48000), 0.04, "440 Hz played twice as fast")
    XCTAssertLessThan(Tone.amplitude(of: 440, in: b, sampleRate: 48000), 0.005)
  }

  func testSameClipOnSeveralLayersAndInAdjacentPieces() throws {
    // One sync clip (white first frame, then black): on track 1 in two adjacent pieces, on track 2 whole (both
    // read one shared decoder), and on track 3 half a second later (its own decoder).
    let (path, report) = try render("same-clip-twice")
    XCTAssertEqual(report.videoFrames, 36)
    let white = try colour("sync-30-48000.mp4", at: "0")
    let black = try colour("sync-30-48000.mp4", at: "0.5")
    let blue = (y: 41, u: 240, v: 110)
    let p = try pictures(path, ["0", "0.1", "0.5", "0.6"])
    assertNear(p[0], 120, 90, white, "track 1 at 0")
    assertNear(p[0], 20, 15, white, "track 2 at 0")
    assertNear(p[0], 260, 195, blue, "track 3 before it starts")
    assertNear(p[1], 120, 90, black, "track 1 at 0.1")
    assertNear(p[1], 20, 15, black, "track 2 at 0.1")
    assertNear(p[2], 120, 90, black, "track 1 where its second piece starts")
    assertNear(p[2], 20, 15, black, "track 2 at 0.5")
    assertNear(p[2], 260, 195, white, "track 3 shows the clip's first frame at 0.5")
    assertNear(p[3], 260, 195, black, "track 3 at 0.6")
  }

  func testInstructionBackgroundsAndScale() throws {
    let (path, _) = try render("background-gap")
    let p = try pictures(path, ["0.5", "1.5", "2.5"])
    assertNear(p[0], 100, 100, try colour("base.mp4"), "first segment")
    assertNear(p[1], 100, 100, (41, 240, 110), "the instruction's blue background")
    assertNear(p[2], 300, 220, try colour("overlay.mp4"), "second segment scaled 2×")
  }

  func testALayerEnlargedFarPastTheFrameShowsItsCorner() throws {
    // overlay.mp4 (160x120) scaled 120 times (19200x14400, more than FFmpeg allocates) from (160, 120).
    let (path, _) = try render("huge-scale")
    let p = try pictures(path, ["0.5"])[0]
    let blue = try colour("base.mp4")
    let yellow = try colour("overlay.mp4")
    assertNear(p, 100, 100, blue, "above and left of the corner")
    assertNear(p, 150, 200, blue, "left of the corner")
    assertNear(p, 200, 100, blue, "above the corner")
    assertNear(p, 170, 130, yellow, "inside, by the corner")
    assertNear(p, 310, 230, yellow, "inside, far from the corner")
  }

  func testOutputSettingsFromTheSpec() throws {
    let target = FixtureFiles.root.appendingPathComponent("Fixtures/generated/output-settings.webm").path
    try? FileManager.default.removeItem(atPath: target)
    let result = try InProcessClipMerge.run(["compose", spec("output-settings"), "-q"])
    XCTAssertEqual(result.code, 0, result.stderr)
    let report = try MediaProbe.report(target)
    XCTAssertTrue(report.container.contains("webm"))
    XCTAssertEqual(report.streams.map(\.codec), ["vp9", "opus"])
    XCTAssertEqual(report.streams.last?.channels, 1)
    XCTAssertEqual(try PictureGrabber.frameTimes(path: target).count, 50)
    let tags = try ClipmergeProcess.runTool(
      "ffprobe", ["-v", "error", "-show_entries", "format_tags", "-of", "compact", target])
    XCTAssertTrue(tags.contains("TITLE=From a spec") || tags.contains("title=From a spec"), tags)
    try? FileManager.default.removeItem(atPath: target)
  }

  /// Renders `arguments` directly and through `--print-spec` + `compose`; the two outputs must have the same
  /// frame times, the same luma at `points` at `times`, and the same audio. Returns nothing: it asserts.
  func assertPrintSpecRoundTrip(_ arguments: [String], times: [String], points: [(Int, Int)]) throws {
    let folder = FixtureFiles.temporaryFolder()
    let printed = try InProcessClipMerge.run(arguments + ["--print-spec"])
    XCTAssertEqual(printed.code, 0, printed.stderr)
    let specPath = folder.appendingPathComponent("spec.json").path
    try Data(printed.stdout.utf8).write(to: URL(fileURLWithPath: specPath))
    let direct = folder.appendingPathComponent("direct.mov").path
    let composed = folder.appendingPathComponent("composed.mov").path
    XCTAssertEqual(try InProcessClipMerge.run(arguments + ["-o", direct, "-q"]).code, 0)
    let fromSpec = try InProcessClipMerge.run(["compose", specPath, "-o", composed, "-q"])
    XCTAssertEqual(fromSpec.code, 0, fromSpec.stderr)
    XCTAssertEqual(try PictureGrabber.frameTimes(path: direct), try PictureGrabber.frameTimes(path: composed))
    for (p, q) in zip(try pictures(direct, times), try pictures(composed, times)) {
      for (x, y) in points {
        XCTAssertEqual(p.yuv(x: x, y: y)?.y, q.yuv(x: x, y: y)?.y, "(\(x), \(y)) at \(p.time)")
      }
    }
    let sa = try AudioGrabber.samples(path: direct, sampleRate: 48000, channels: 2)[0]
    let sb = try AudioGrabber.samples(path: composed, sampleRate: 48000, channels: 2)[0]
    XCTAssertEqual(sa.count, sb.count)
    XCTAssertEqual(Tone.rms(sa[48000..<96000]), Tone.rms(sb[48000..<96000]), accuracy: 1e-4)
  }

  func testConcatPrintSpecThenComposeRendersTheSame() throws {
    try assertPrintSpecRoundTrip(
      [
        "concat", FixtureFiles.path("base.mp4"), FixtureFiles.path("overlay.mp4") + "#t=0.5",
        FixtureFiles.path("rotated-cw.mp4"), "--transition", "crossfade,0.5", "--soundtrack",
        FixtureFiles.path("music.m4a"), "--audio", "mix", "--soundtrack-fade-out", "1", "--preset", "ultrafast",
      ], times: ["1", "3.8", "6"], points: [(160, 60), (160, 180), (40, 120)])
  }

  func testBrokenSpecListsEveryProblemWithItsPath() throws {
    let path = spec("broken")
    let result = try InProcessClipMerge.run(["compose", path, "-o", FixtureFiles.temporaryFolder().path + "/x.mov"])
    XCTAssertEqual(result.code, 65)
    XCTAssertEqual(
      result.stderr,
      [
        "tracks[2].kind: expected video or audio, got 'sound'",
        "video.colour: unknown key (expected one of: renderSize, frameDuration, frameRate, frameTiming, background, instructions)",
        "video.instructions[1].layers[0].opacity: expected a number, got a string",
        "tracks[1].segments[0].source: no such file 'x.mp4'",
        "tracks[0].segments[0].sourceRange: not enough source content: track 1 segment 0 needs the source up to 9.000 s, but it lasts 4.000 s",
        "video.instructions[0].layers[0].track: unknown layer track: instruction 0 layer 0 names track 7, which the composition does not have",
        "video.instructions[1].timeRange: overlapping instructions: instructions 0 and 1 cover the same time",
      ].map { "clipmerge: error: \(path): \($0)\n" }.joined())
  }

  /// A missing file in one segment and a range past its source's end in the next: each problem at its own
  /// segment's path (the first segment left out of the model's check does not shift the second's index).
  func testEachProblemIsNamedAtItsOwnSegment() throws {
    let folder = FixtureFiles.temporaryFolder()
    let path = folder.appendingPathComponent("two.json").path
    let spec = """
      {"tracks": [{"id": 1, "kind": "video", "segments": [
        {"source": "missing.mp4", "sourceRange": {"start": 0, "duration": 1}, "start": 0},
        {"source": "\(FixtureFiles.path("base.mp4"))", "sourceRange": {"start": 3, "duration": 2}, "start": 1}]}],
       "video": {"renderSize": "320x240", "frameRate": 30}}
      """
    try Data(spec.utf8).write(to: URL(fileURLWithPath: path))
    let result = try InProcessClipMerge.run(["compose", path, "-o", folder.path + "/x.mov"])
    XCTAssertEqual(result.code, 65)
    XCTAssertEqual(
      result.stderr,
      [
        "tracks[0].segments[0].source: no such file 'missing.mp4'",
        "tracks[0].segments[1].sourceRange: not enough source content: track 1 segment 1 needs the source up to 5.000 s, but it lasts 4.000 s",
      ].map { "clipmerge: error: \(path): \($0)\n" }.joined())
  }

  func testPrintSpecThenComposeRendersTheSame() throws {
    try assertPrintSpecRoundTrip(
      [
        "overlay", FixtureFiles.path("base.mp4"), FixtureFiles.path("split.mp4"), "--fade-in", "1,1", "--rotate",
        "20", "--preset", "ultrafast",
      ], times: ["1.5", "3"], points: [(170, 40), (250, 60), (300, 10), (100, 200)])
  }

  /// titles.json: a still logo at 80 % over the base, a title sliding in, a lower third in a box fading in,
  /// subtitles at the top; every layer read back.
  func testTitlesSpecDrawsImagesTextAndSubtitles() throws {
    let (out, _) = try render("titles")
    let early = try pictures(out, ["0.5"])[0]
    let title = try pictures(out, ["1.2"])[0]
    let lower = try pictures(out, ["3"])[0]
    XCTAssertTrue(try OCR.read(title).contains("OPENING TITLE"))
    XCTAssertFalse(try OCR.read(early).contains("OPENING TITLE"), "half way in, the title is cut by the frame's edge")
    XCTAssertTrue(try OCR.read(title).contains("HELLO WORLD"), "the first cue, at the top")
    let third = try OCR.read(lower)
    XCTAssertTrue(third.contains("Lower third") && third.contains("second line"), third)
    // The logo's core: red at 80 % over the base, within 3 levels.
    let base = try XCTUnwrap(try pictures(FixtureFiles.path("base.mp4"), ["3"])[0].yuv(x: 5, y: 5))
    let logo = try XCTUnwrap(lower.yuv(x: 560 + 32, y: 16 + 32))
    for (got, b, red) in [(logo.y, base.y, 81), (logo.u, base.u, 90), (logo.v, base.v, 240)] {
      XCTAssertEqual(Double(got), Double(b) + Double(red - b) * 0.8, accuracy: 3, "logo at 80 %: \(logo)")
    }
  }

  func testTextAndStillsPrintSpecThenComposeRendersTheSame() throws {
    try assertPrintSpecRoundTrip(
      [
        "overlay", FixtureFiles.path("base.mp4"), FixtureFiles.path("logo.png"), "--scale", "0.3", "--text",
        "Ada Lovelace", "--text-at", "1,2", "--subtitles", FixtureFiles.path("talk.srt"), "--preset", "ultrafast",
      ], times: ["1", "2.7"], points: [(160, 225), (160, 200), (290, 20), (20, 20)])
    try assertPrintSpecRoundTrip(
      [
        "concat", FixtureFiles.path("card.webp") + "#t=,1", FixtureFiles.path("base.mp4"), "--text", "Caption",
        "--preset", "ultrafast",
      ], times: ["0.5", "2"], points: [(48, 32), (10, 55)])
  }

  func testSpecFromStandardInputAndDryRun() throws {
    // A dry run told to write into an empty folder leaves it empty, and the spec's folder as it was.
    let folder = FixtureFiles.temporaryFolder()
    let specFolder = FixtureFiles.root.appendingPathComponent("Fixtures/compositions")
    let before = try FileManager.default.contentsOfDirectory(atPath: specFolder.path).sorted()
    let result = try ClipmergeProcess.capture(
      ClipmergeProcess.executable, ["compose", "-", "--dry-run", "-o", folder.appendingPathComponent("out.mov").path],
      in: specFolder, input: try Data(contentsOf: URL(fileURLWithPath: spec("pip-fade"))))
    let text = result.stdout
    XCTAssertEqual(result.code, 0, result.stderr)
    XCTAssertTrue(
      text.hasPrefix("output: \(folder.path)/out.mov, mov, h264 320x240 at 30 fps (crf 12, ultrafast)"), text)
    XCTAssertTrue(text.contains("120 frames, 4.000 s"), text)
    XCTAssertTrue(text.contains("audio: aac 44100 Hz 1 ch, resampled to 48000 Hz 2 ch"), text)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: specFolder.path).sorted(), before)
  }
}

/// docs/spec.schema.json agrees with the decoder on the example specs (python3's jsonschema, which make deps installs).
final class SpecSchemaTests: XCTestCase {
  func testExamplesValidateAgainstTheSchema() throws {
    let script = """
      import json, glob, jsonschema
      v = jsonschema.Draft202012Validator(json.load(open('docs/spec.schema.json')))
      for f in sorted(glob.glob('Fixtures/compositions/*.json')):
          bad = list(v.iter_errors(json.load(open(f))))
          print(f, 'invalid' if bad else 'valid')
      """
    let result = try ClipmergeProcess.capture(
      URL(fileURLWithPath: "/usr/bin/python3"), ["-c", script], in: FixtureFiles.root)
    XCTAssertEqual(result.code, 0, result.stderr)
    let examples = try FileManager.default.contentsOfDirectory(
      atPath: FixtureFiles.root.appendingPathComponent("Fixtures/compositions").path
    ).filter { $0.hasSuffix(".json") }
    let lines = result.stdout.split(separator: "\n").map(String.init)
    XCTAssertEqual(lines.count, examples.count, result.stdout)
    for line in lines {
      XCTAssertEqual(line.hasSuffix(" invalid"), line.contains("broken.json"), line)
    }
  }
}
