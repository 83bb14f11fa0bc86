import Composition
import Engine
import Foundation
import TestSupport
import XCTest

@testable import ClipMergeCLI

/// `clipmerge concat`: clip fragments, option decoding, and the built binary's behaviour.
final class ConcatCommandTests: XCTestCase {
  func s(_ text: String) -> MediaTime { MediaTime(parsing: text)! }

  func testMediaFragments() {
    XCTAssertEqual(
      ClipReference(parsing: "talk.mp4#t=12.5,1:40"), ClipReference(path: "talk.mp4", start: s("12.5"), end: s("100")))
    XCTAssertEqual(ClipReference(parsing: "a.mp4#t=10"), ClipReference(path: "a.mp4", start: s("10")))
    XCTAssertEqual(ClipReference(parsing: "a.mp4#t=,20"), ClipReference(path: "a.mp4", end: s("20")))
    XCTAssertEqual(ClipReference(parsing: "a.mp4#t=npt:5,6"), ClipReference(path: "a.mp4", start: s("5"), end: s("6")))
    XCTAssertEqual(ClipReference(parsing: "dir#1/a.mp4"), ClipReference(path: "dir#1/a.mp4"))
    for bad in ["a.mp4#t=", "a.mp4#t=5,2", "a.mp4#t=x", "a.mp4#t=1,2,3", "a.mp4#t=,"] {
      XCTAssertNil(ClipReference(parsing: bad), bad)
    }
  }

  func usage(_ arguments: [String]) -> String? {
    do {
      _ = try ConcatCommand(ParsedArguments(arguments, specs: ConcatCommand.specs))
      return nil
    } catch {
      return error.message
    }
  }

  func testOptionErrors() {
    XCTAssertEqual(usage(["-o", "x.mov"]), "concat needs at least one CLIP")
    XCTAssertEqual(
      usage(["a.mp4#t=3,1", "-o", "x.mov"]), "'a.mp4#t=3,1': expected FILE or FILE#t=START,END with START before END")
    XCTAssertEqual(
      usage(["a.mp4", "-o", "x.mov", "--transition", "wipe,1"]),
      "--transition: expected crossfade, fade-black, fade-white, slide-DIR, push-DIR, wipe-DIR (DIR: left, right, up, down), zoom-in, circle-open or circle-close, with ,SECONDS or not (wipes and circles: then ,EDGE pixels of soft edge), got 'wipe,1'"
    )
    XCTAssertEqual(
      usage(["a.mp4", "-o", "x.mov", "--fit", "zoom"]), "--fit: expected contain, cover, stretch or blur, got 'zoom'")
    XCTAssertEqual(
      usage(["a.mp4", "-o", "x.mov", "--soundtrack-loop"]),
      "--soundtrack-volume, --soundtrack-fade-in, --soundtrack-fade-out, --soundtrack-start and --soundtrack-loop need --soundtrack"
    )
    XCTAssertEqual(
      usage(["a.mp4", "b.mp4", "-o", "x.mov", "--copy", "--size", "640x360"]),
      "--copy joins without re-encoding, so --size cannot apply")
  }

  func testOptionsReachTheRecipe() throws {
    let command = try ConcatCommand(
      ParsedArguments(
        [
          "a.mp4", "b.mp4#t=1,2", "-o", "x.mp4", "--transition", "crossfade,0.5", "--fit", "cover", "--size",
          "1920x1080",
          "--soundtrack", "m.m4a", "--soundtrack-volume", "0.5", "--soundtrack-fade-out", "3", "--soundtrack-loop",
          "--audio", "mix", "--fps", "25",
        ], specs: ConcatCommand.specs))
    XCTAssertEqual(command.clips.map(\.path), ["a.mp4", "b.mp4"])
    XCTAssertEqual(command.clips[1].start, s("1"))
    XCTAssertEqual(command.soundtrackPath, "m.m4a")
    let recipe = command.settings
    XCTAssertEqual(recipe.transition, .crossfade(s("0.5")))
    XCTAssertEqual(recipe.fit, .cover)
    XCTAssertEqual(recipe.renderSize, PixelSize(width: 1920, height: 1080))
    XCTAssertEqual(recipe.frameDuration, s("1/25"))
    XCTAssertEqual(recipe.soundtrackVolume, 0.5)
    XCTAssertEqual(recipe.soundtrackFadeOut, s("3"))
    XCTAssertTrue(recipe.soundtrackLoop)
    XCTAssertEqual(recipe.audio, .mix)
  }

  func testBinaryJoinsAndSuggestsCopy() throws {
    let out = FixtureFiles.temporaryFolder().appendingPathComponent("all.mp4").path
    let base = FixtureFiles.path("base.mp4")
    let result = try InProcessClipMerge.run(["concat", base, base, "-o", out, "--preset", "ultrafast"])
    XCTAssertEqual(result.code, 0, result.stderr)
    XCTAssertEqual(
      result.stderr,
      "clipmerge: note: these clips can be joined without re-encoding; --copy would be much faster\n"
        + "clipmerge: wrote \(out) (8.000 s, 240 frames, 384000 audio samples)\n")
    let copied = try InProcessClipMerge.run(["concat", base, base, "-o", out, "--copy", "-y"])
    XCTAssertEqual(copied.code, 0, copied.stderr)
    XCTAssertEqual(copied.stderr, "clipmerge: wrote \(out) (8.000 s, 240 video packets copied)\n")
  }

  func testCopyRefusalNamesClipAndParameter() throws {
    let folder = FixtureFiles.temporaryFolder()
    let overlay = FixtureFiles.path("overlay.mp4")
    let result = try InProcessClipMerge.run([
      "concat", FixtureFiles.path("base.mp4"), overlay, "-o", folder.appendingPathComponent("x.mp4").path, "--copy",
    ])
    XCTAssertEqual(result.code, 65)
    XCTAssertEqual(
      result.stderr,
      "clipmerge: error: --copy: cannot join without re-encoding: clip 2 (\(overlay)): video size (160x120 vs 320x240) differs from clip 1\n"
    )
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
  }

  func testTrimOutsideClipAndMissingClip() throws {
    let folder = FixtureFiles.temporaryFolder()
    let base = FixtureFiles.path("base.mp4")
    let outside = try InProcessClipMerge.run([
      "concat", base, "\(base)#t=3,9", "-o", folder.appendingPathComponent("x.mov").path,
    ])
    XCTAssertEqual(outside.code, 65)
    XCTAssertEqual(outside.stderr, "clipmerge: error: \(base): the trim ends at 9.000 s, but the clip lasts 4.000 s\n")
    let missing = try InProcessClipMerge.run([
      "concat", base, "/no/clip.mp4", "-o", folder.appendingPathComponent("x.mov").path,
    ])
    XCTAssertEqual(missing.code, 66)
    XCTAssertEqual(missing.stderr, "clipmerge: error: /no/clip.mp4: no such file\n")
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
  }

  /// `--soundtrack-start` begins the output that far into the music, `--soundtrack-fade-in` ramps it up from
  /// silence: a soundtrack of 440 Hz for 1 s then 880 Hz, started at 1 s, is 880 Hz from the first sample; faded in
  /// over 1 s it is silent at first, half way at 0.5 s, whole after. Heard through the ffmpeg CLI's decoder.
  func testSoundtrackStartAndFadeIn() throws {
    let folder = FixtureFiles.temporaryFolder()
    let music = folder.appendingPathComponent("two-tones.m4a").path
    _ = try ClipmergeProcess.runTool(
      "ffmpeg",
      [
        "-nostdin", "-v", "error", "-f", "lavfi", "-i", "sine=f=440:d=1:r=48000", "-f", "lavfi", "-i",
        "sine=f=880:d=3:r=48000", "-filter_complex", "[0][1]concat=n=2:v=0:a=1", "-c:a", "aac", "-b:a", "192k", music,
      ])
    let out = folder.appendingPathComponent("out.mp4").path
    let result = try InProcessClipMerge.run([
      "concat", FixtureFiles.path("base.mp4"), "--soundtrack", music, "--soundtrack-start", "1",
      "--soundtrack-fade-in", "1", "-o", out, "--preset", "ultrafast", "-q",
    ])
    XCTAssertEqual(result.code, 0, result.stderr)
    let raw = folder.appendingPathComponent("out.f32").path
    _ = try ClipmergeProcess.runTool(
      "ffmpeg", ["-nostdin", "-v", "error", "-i", out, "-ac", "1", "-ar", "48000", "-f", "f32le", raw])
    let samples = try Data(contentsOf: URL(fileURLWithPath: raw)).withUnsafeBytes {
      Array($0.bindMemory(to: Float.self))
    }
    XCTAssertGreaterThan(samples.count, 48000 * 3)
    func level(_ frequency: Double, from start: Double, seconds: Double = 0.1) -> Double {
      let from = Int(start * 48000)
      return Tone.amplitude(of: frequency, in: samples[from..<from + Int(seconds * 48000)], sampleRate: 48000)
    }
    let full = level(880, from: 1.5, seconds: 0.5)
    XCTAssertGreaterThan(full, 0.1, "the tone is there (ffmpeg's sine is 1/8 full scale)")
    // 880 Hz from the start (the music's first second, 440 Hz, is skipped), rising linearly.
    XCTAssertLessThan(level(440, from: 1.5), full / 20)
    XCTAssertLessThan(level(880, from: 0, seconds: 0.02), full * 0.1)
    XCTAssertEqual(level(880, from: 0.45) / full, 0.5, accuracy: 0.08)
    XCTAssertEqual(level(880, from: 1.2) / full, 1, accuracy: 0.08)
    // A start past the music's end is refused, naming it.
    let late = try InProcessClipMerge.run([
      "concat", FixtureFiles.path("base.mp4"), "--soundtrack", music, "--soundtrack-start", "5", "-o",
      folder.appendingPathComponent("late.mp4").path,
    ])
    XCTAssertEqual(late.code, 65, late.stderr)
    XCTAssertEqual(
      late.stderr,
      "clipmerge: error: \(music): --soundtrack-start 5.000 s is past the soundtrack's end (it lasts 4.000 s)\n")
  }

  /// `@list` reads clips one a line (comments, fragments, paths from the list's folder) or as the ffmpeg concat
  /// demuxer's list (quoted names, inpoint, outpoint), from a file or standard input; a list of 50 clips joins
  /// all 50 (counted by ffprobe); a file that is not a list is refused without a line of it shown.
  func testClipLists() throws {
    let folder = FixtureFiles.temporaryFolder()
    let clips = folder.appendingPathComponent("clips")
    try FileManager.default.createDirectory(at: clips, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: FixtureFiles.path("tiny.mp4"), toPath: clips.appendingPathComponent("it's a.mp4").path)
    let list = folder.appendingPathComponent("list.txt").path
    let lines = (0..<50).map { $0 % 5 == 0 ? "clips/it's a.mp4#t=0.2,0.4" : "clips/it's a.mp4" }
    try Data(("# fifty clips\n" + lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: list))
    func packets(_ path: String) throws -> String {
      try ClipmergeProcess.runTool(
        "ffprobe",
        [
          "-v", "error", "-select_streams", "v", "-count_packets", "-show_entries", "stream=nb_read_packets", "-of",
          "csv=p=0", path,
        ])
    }
    let out = folder.appendingPathComponent("fifty.mp4").path
    let fifty = try InProcessClipMerge.run(["concat", "@" + list, "-o", out, "--preset", "ultrafast", "-q"])
    XCTAssertEqual(fifty.code, 0, fifty.stderr)
    // 40 whole clips of 10 frames and 10 trims of 5.
    XCTAssertEqual(try packets(out), "450\n")
    let ffconcat = clips.appendingPathComponent("ff.txt").path
    try Data("ffconcat version 1.0\nfile 'it'\\''s a.mp4'\ninpoint 0.1\noutpoint 0.3\nfile 'it'\\''s a.mp4'\n".utf8)
      .write(to: URL(fileURLWithPath: ffconcat))
    let demuxer = folder.appendingPathComponent("ff.mp4").path
    let joined = try InProcessClipMerge.run(["concat", "@" + ffconcat, "-o", demuxer, "--preset", "ultrafast", "-q"])
    XCTAssertEqual(joined.code, 0, joined.stderr)
    XCTAssertEqual(try packets(demuxer), "15\n")
    let piped = folder.appendingPathComponent("piped.mp4").path
    let stdin = try ClipmergeProcess.run(
      ["concat", "@-", "-o", piped, "--preset", "ultrafast", "-q"],
      input: Data("\(clips.path)/it's a.mp4\n\(clips.path)/it's a.mp4\n".utf8))
    XCTAssertEqual(stdin.code, 0, stdin.stderr)
    XCTAssertEqual(try packets(piped), "20\n")
    // Not a list: refused naming the clip number, no line shown.
    let secret = folder.appendingPathComponent("secret.txt").path
    try Data("root:x:0:0:hunter2\n".utf8).write(to: URL(fileURLWithPath: secret))
    let refused = try InProcessClipMerge.run([
      "concat", "@" + secret, "-o", folder.appendingPathComponent("x.mp4").path,
    ])
    XCTAssertEqual(refused.code, 66)
    XCTAssertEqual(
      refused.stderr, "clipmerge: error: @\(secret): clip 1 is not a file (paths are taken from the list's folder)\n")
    let missing = try InProcessClipMerge.run([
      "concat", "@/no/list.txt", "-o", folder.appendingPathComponent("y.mp4").path,
    ])
    XCTAssertEqual(missing.code, 66, missing.stderr)
    // Windows line ends, a colour card among the clips; a device is not a list.
    let crlf = folder.appendingPathComponent("crlf.txt").path
    try Data("color:navy#t=,1\r\nclips/it's a.mp4\r\n".utf8).write(to: URL(fileURLWithPath: crlf))
    let mixed = folder.appendingPathComponent("mixed.mp4").path
    let windows = try InProcessClipMerge.run(["concat", "@" + crlf, "-o", mixed, "--preset", "ultrafast", "-q"])
    XCTAssertEqual(windows.code, 0, windows.stderr)
    // The card has no rate of its own: the clip's 25 a second, 25 + 10 frames.
    XCTAssertEqual(try packets(mixed), "35\n")
    let device = try InProcessClipMerge.run(["concat", "@/dev/zero", "-o", folder.appendingPathComponent("z.mp4").path])
    XCTAssertEqual(device.code, 66, device.stderr)
  }

  /// `color:navy#t=,2` is a 2-second card of that colour, the frame's size, with a title over it: its colour and
  /// its words read back through the ffmpeg CLI's decoder and tesseract, its length by ffprobe; the spec it prints
  /// composes the same.
  func testAColourCardWithATitle() throws {
    let folder = FixtureFiles.temporaryFolder()
    let out = folder.appendingPathComponent("card.mp4").path
    let made = try InProcessClipMerge.run([
      "concat", "color:navy#t=,2", FixtureFiles.path("base.mp4"), "--text", "Chapter One", "--text-at", "0,2",
      "--text-size", "40", "-o", out, "--preset", "ultrafast", "-q",
    ])
    XCTAssertEqual(made.code, 0, made.stderr)
    XCTAssertEqual(
      try ClipmergeProcess.runTool(
        "ffprobe", ["-v", "error", "-show_entries", "stream=width,height:format=duration", "-of", "csv=p=0", out]),
      "320,240\n\n6.000000\n")
    let raw = folder.appendingPathComponent("card.rgb").path
    _ = try ClipmergeProcess.runTool(
      "ffmpeg",
      [
        "-nostdin", "-v", "error", "-ss", "0.5", "-i", out, "-frames:v", "1", "-pix_fmt", "rgb24", "-f", "rawvideo",
        raw,
      ])
    let pixels = [UInt8](try Data(contentsOf: URL(fileURLWithPath: raw)))
    XCTAssertEqual(pixels.count, 320 * 240 * 3)
    let corner = Array(pixels[(10 * 320 + 10) * 3..<(10 * 320 + 10) * 3 + 3])
    XCTAssertEqual(Double(corner[0]), 0, accuracy: 6)
    XCTAssertEqual(Double(corner[1]), 0, accuracy: 6)
    XCTAssertEqual(Double(corner[2]), 128, accuracy: 6)
    let picture = try XCTUnwrap(try PictureGrabber(path: out).picture(at: MediaTime(parsing: "0.5")!))
    XCTAssertTrue(try OCR.read(picture).contains("Chapter One"))
    // The card in the spec, and back.
    let spec = try InProcessClipMerge.run(["concat", "color:navy#t=,2", "--print-spec"])
    XCTAssertEqual(spec.code, 0, spec.stderr)
    XCTAssertTrue(spec.stdout.contains("\"color\"") && spec.stdout.contains("#000080"), spec.stdout)
    let specPath = folder.appendingPathComponent("card.json").path
    try Data(spec.stdout.utf8).write(to: URL(fileURLWithPath: specPath))
    let composed = folder.appendingPathComponent("composed.mp4").path
    let again = try InProcessClipMerge.run(["compose", specPath, "-o", composed, "--preset", "ultrafast", "-q"])
    XCTAssertEqual(again.code, 0, again.stderr)
    XCTAssertEqual(
      try ClipmergeProcess.runTool(
        "ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", composed]),
      "2.000000\n")
    let bad = try InProcessClipMerge.run(["concat", "color:nope", "-o", folder.appendingPathComponent("x.mp4").path])
    XCTAssertEqual(bad.code, 64)
    XCTAssertEqual(
      bad.stderr,
      "clipmerge: error: 'color:nope': expected color:COLOUR, a colour as #RRGGBB or a name (navy, white...)\n")
  }

  /// `--fit cover --anchor` chooses what the crop keeps: a portrait clip (green above magenta, upright) in a
  /// landscape frame shows green with `top`, magenta with `bottom`, the line between them with `center`; read
  /// through the ffmpeg CLI's decoder.
  func testTheAnchorChoosesWhatACoverKeeps() throws {
    let folder = FixtureFiles.temporaryFolder()
    func middle(_ anchor: String) throws -> [UInt8] {
      let out = folder.appendingPathComponent("\(anchor).mp4").path
      let made = try InProcessClipMerge.run([
        "concat", FixtureFiles.path("rotated-cw.mp4"), "--size", "160x80", "--fit", "cover", "--anchor", anchor,
        "-o", out, "--preset", "ultrafast", "-q",
      ])
      XCTAssertEqual(made.code, 0, made.stderr)
      let raw = folder.appendingPathComponent("\(anchor).rgb").path
      _ = try ClipmergeProcess.runTool(
        "ffmpeg",
        [
          "-nostdin", "-v", "error", "-ss", "0.5", "-i", out, "-frames:v", "1", "-vf", "crop=8:8:76:36", "-pix_fmt",
          "rgb24", "-f", "rawvideo", raw,
        ])
      let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: raw)))
      XCTAssertEqual(bytes.count, 8 * 8 * 3)
      return (0..<3).map { c in UInt8(stride(from: c, to: bytes.count, by: 3).map { Int(bytes[$0]) }.reduce(0, +) / 64)
      }
    }
    let (top, bottom) = (try middle("top"), try middle("bottom"))
    XCTAssertGreaterThan(Int(top[1]), Int(top[0]) + 60, "green kept at the top: \(top)")
    XCTAssertGreaterThan(Int(bottom[0]), Int(bottom[1]) + 60, "magenta kept at the bottom: \(bottom)")
    let bad = try InProcessClipMerge.run(["concat", FixtureFiles.path("base.mp4"), "--anchor", "middle", "-o", "x.mp4"])
    XCTAssertEqual(bad.code, 64, bad.stderr)
  }

  /// A copy join cannot draw text: `--text` and `--subtitles` with `--copy` are refused, not silently dropped.
  func testCopyRefusesTextItCannotDraw() throws {
    let base = FixtureFiles.path("base.mp4")
    for (extra, option) in [(["--text", "Hi"], "--text"), (["--subtitles", "subs.srt"], "--subtitles")] {
      let result = try InProcessClipMerge.run(["concat", base, base, "--copy", "-o", "x.mp4"] + extra)
      XCTAssertEqual(result.code, 64, result.stderr)
      XCTAssertEqual(
        result.stderr, "clipmerge: error: --copy joins without re-encoding, so \(option) cannot apply\n")
    }
  }
}
