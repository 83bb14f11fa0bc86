import Composition
import Foundation
import TestSupport
import XCTest

@testable import ClipMergeCLI

/// In-process parsing of argv arrays: option syntax and the usage errors that point at the argument.
final class ArgumentParsingTests: XCTestCase {
  let specs = OverlayCommand.specs

  func testLongShortInlineAndSeparatorForms() throws {
    let parsed = try ParsedArguments(
      ["a.mp4", "--scale", "0.4", "--position=40,30", "-o", "out.mov", "-y", "--", "-weird.mp4"], specs: specs)
    XCTAssertEqual(parsed.positionals, ["a.mp4", "-weird.mp4"])
    XCTAssertEqual(parsed.values["scale"], "0.4")
    XCTAssertEqual(parsed.values["position"], "40,30")
    XCTAssertEqual(parsed.values["output"], "out.mov")
    XCTAssertTrue(parsed.flags.contains("overwrite"))
  }

  /// An unknown option is named, with the option meant when it is a near miss or an ffmpeg habit; a value left
  /// out before the next option says so; a stdin clip can be trimmed.
  func testUnknownOptionIsNamedWithTheOneMeant() throws {
    let cases: [([String], String)] = [
      (["--sclae", "2"], "unknown option '--sclae'; did you mean --scale?"),
      (["--xyz"], "unknown option '--xyz'"),
      (["-ss", "1"], "unknown option '-ss'; a trim is written in the clip's name: 'a.mp4#t=1,3' (from 1 s to 3 s)"),
      (["-c:v", "h264"], "unknown option '-c:v'; use --video-codec"),
      (["a.mp4", "--size", "-o", "x.mp4"], "--size needs a value (WxH) before -o"),
    ]
    for (arguments, message) in cases {
      XCTAssertThrowsError(try ParsedArguments(arguments, specs: specs)) { error in
        XCTAssertEqual((error as? UsageError)?.message, message, "\(arguments)")
      }
    }
    // A negative number is a value, not an option; `-#t=0,1` is standard input trimmed.
    let parsed = try ParsedArguments(["-#t=0,1", "--rotate", "-90"], specs: specs)
    XCTAssertEqual(parsed.values["rotate"], "-90")
    XCTAssertEqual(parsed.positionals, ["-#t=0,1"])
    let stdin = try ClipmergeProcess.run(
      ["concat", "-#t=0,1", "-o", FixtureFiles.temporaryFolder().appendingPathComponent("s.mp4").path],
      input: try Data(contentsOf: URL(fileURLWithPath: FixtureFiles.path("base.mp4"))))
    XCTAssertEqual(stdin.code, 0, stdin.stderr)
    XCTAssertTrue(stdin.stderr.contains("(1.000 s, 30 frames"), stdin.stderr)
  }

  func testMissingValue() {
    XCTAssertThrowsError(try ParsedArguments(["a", "--scale"], specs: specs)) { error in
      XCTAssertEqual((error as? UsageError)?.message, "--scale needs a value (S)")
    }
  }

  func testFlagWithValueIsRefused() {
    XCTAssertThrowsError(try ParsedArguments(["--overwrite=yes"], specs: specs)) { error in
      XCTAssertEqual((error as? UsageError)?.message, "--overwrite takes no value")
    }
  }

  func testOverlayDecodesEveryOption() throws {
    let parsed = try ParsedArguments(
      [
        "a.mp4", "b.mp4", "-o", "out.mp4", "--scale", "0.4", "--position", "40,30", "--fade-in", "2.9,8", "--size",
        "1280x720", "--fps", "30000/1001", "--crf", "18", "--preset", "veryfast", "--audio", "base", "--rotate", "15",
        "--fade-out", "1:00,0.5", "--margin", "8", "--background", "#102030", "--no-faststart",
      ], specs: specs)
    let command = try OverlayCommand(parsed)
    XCTAssertEqual(command.base.path, "a.mp4")
    XCTAssertEqual(try command.output.route().container, .mp4)
    XCTAssertEqual(command.output.export.crf, 18)
    XCTAssertEqual(command.output.export.preset, "veryfast")
    XCTAssertFalse(command.output.export.optimizeForNetworkUse)
    var recipe = OverlaySamples.recipe
    command.settings.apply(to: &recipe)
    XCTAssertEqual(recipe.scale, 0.4)
    XCTAssertEqual(recipe.position, .point(x: 40, y: 30))
    XCTAssertEqual(recipe.fadeIn, TimeRange(start: MediaTime(parsing: "2.9")!, duration: MediaTime(seconds: 8)))
    XCTAssertEqual(recipe.fadeOut, TimeRange(start: MediaTime(seconds: 60), duration: MediaTime(parsing: "0.5")!))
    XCTAssertEqual(recipe.renderSize, PixelSize(width: 1280, height: 720))
    XCTAssertEqual(recipe.frameDuration, MediaTime(value: 1001, timescale: 30000))
    XCTAssertEqual(recipe.audio, .base)
    XCTAssertEqual(recipe.rotation, 15)
    XCTAssertEqual(recipe.margin, 8)
    XCTAssertEqual(recipe.background, Color(red: 0x10, green: 0x20, blue: 0x30))
  }

  func usageError(_ arguments: [String]) -> String? {
    do {
      _ = try OverlayCommand(ParsedArguments(arguments, specs: specs))
      return nil
    } catch {
      return error.message
    }
  }

  func testBadValuesSayWhatWasExpected() {
    let base = ["a.mp4", "b.mp4", "-o", "out.mov"]
    XCTAssertEqual(
      usageError(base + ["--scale", "abc"]), "--scale: expected a number above 0 and at most 16, got 'abc'")
    XCTAssertEqual(usageError(base + ["--scale", "0"]), "--scale: expected a number above 0 and at most 16, got '0'")
    XCTAssertEqual(
      usageError(base + ["--size", "1279x720"]),
      "--size: expected WxH with even sides from 2 to 16384 (1280x720), got '1279x720'")
    XCTAssertEqual(
      usageError(base + ["--fps", "0"]), "--fps: expected a frame rate from 1 to 1000 (30, 29.97, 30000/1001), got '0'")
    XCTAssertEqual(
      usageError(base + ["--fade-in", "3"]), "--fade-in: expected START,DURATION with a duration above 0, got '3'")
    XCTAssertEqual(usageError(base + ["--opacity", "1.5"]), "--opacity: expected a number from 0 to 1, got '1.5'")
    XCTAssertEqual(usageError(base + ["--audio", "both"]), "--audio: expected mix, base, overlay or none, got 'both'")
    XCTAssertEqual(
      usageError(base + ["--position", "middle"]),
      "--position: expected top-left, top-right, bottom-left, bottom-right, center or X,Y (pixels, -100000 to 100000), got 'middle'"
    )
    XCTAssertEqual(usageError(base + ["--crf", "70"]), "--crf: expected a whole number from 0 to 63, got '70'")
    XCTAssertEqual(
      usageError(base + ["--fade-in", "1,2", "--fade-out", "2,1"]), "--fade-in and --fade-out overlap in time")
  }

  /// A misspelt value is told the choices and the one it most likely meant, on the command line and in a spec.
  func testMisspeltValuesAreToldTheOneMeant() throws {
    let base = FixtureFiles.path("base.mp4")
    let cases: [([String], String)] = [
      (["concat", base, "--transition", "crosfade"], "got 'crosfade'; did you mean 'crossfade'?"),
      (["concat", base, "--transition", "wipe-lfet,1"], "got 'wipe-lfet,1'; did you mean 'wipe-left'?"),
      (["concat", base, "--effect", "greyscale"], "got 'greyscale'; did you mean 'grayscale'?"),
      (
        ["concat", base, "--fit", "cvoer"],
        "--fit: expected contain, cover, stretch or blur, got 'cvoer'; did you mean 'cover'?"
      ),
      (["overlay", base, base, "--position", "top-rihgt"], "got 'top-rihgt'; did you mean 'top-right'?"),
    ]
    let out = FixtureFiles.temporaryFolder().appendingPathComponent("x.mp4").path
    for (arguments, message) in cases {
      let result = try InProcessClipMerge.run(arguments + ["-o", out])
      XCTAssertEqual(result.code, 64, "\(arguments)")
      XCTAssertTrue(result.stderr.hasSuffix(message + "\n"), "\(arguments): \(result.stderr)")
    }
    let spec = FixtureFiles.temporaryFolder().appendingPathComponent("s.json")
    try Data(#"{"tracks": [{"id": 1, "kind": "vidoe", "segments": []}]}"#.utf8).write(to: spec)
    let result = try InProcessClipMerge.run(["compose", spec.path, "-o", out])
    XCTAssertEqual(result.code, 65)
    XCTAssertTrue(
      result.stderr.contains("tracks[0].kind: expected video or audio, got 'vidoe'; did you mean 'video'?\n"),
      result.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: out))
  }

  func testMissingOutputAndWrongInputCount() {
    XCTAssertEqual(usageError(["a.mp4", "b.mp4"]), "missing -o OUTPUT")
    XCTAssertEqual(usageError(["a.mp4", "-o", "x.mov"]), "overlay takes two inputs, BASE and OVERLAY; got 1")
    // The container is decided with the output route, once the spec (compose) is known too.
    let command = try? OverlayCommand(ParsedArguments(["a.mp4", "b.mp4", "-o", "out.avi"], specs: specs))
    XCTAssertThrowsError(try command?.output.route()) { error in
      XCTAssertEqual(
        (error as? CommandFailure)?.message,
        "-o: cannot tell the container from 'out.avi'; use .mov .mp4 .m4v .mkv .webm .ts .gif or .webp, or --format")
      XCTAssertEqual((error as? CommandFailure)?.code, .usage)
    }
  }
}

/// A usage error says which argument is wrong, for a program that built the command line: `argument` in the
/// `--progress ndjson` failure, counted after `clipmerge` (the command is 1).
final class ArgumentPositionTests: XCTestCase {
  private func failure(_ arguments: [String]) throws -> [String: Any] {
    let result = try InProcessClipMerge.run(arguments + ["--progress", "ndjson"])
    XCTAssertEqual(result.code, 64, result.stderr)
    let line = try XCTUnwrap(result.stderr.split(separator: "\n").last)
    return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
  }

  func testTheArgumentAtFaultIsCounted() throws {
    let base = FixtureFiles.path("base.mp4")
    let overlay = FixtureFiles.path("overlay.mp4")
    let cases: [([String], Int)] = [
      (["overlay", base, overlay, "-o", "x.mp4", "--scale", "big"], 7),
      (["overlay", base, overlay, "-o", "x.mp4", "--scale=big"], 6),
      (["overlay", base, "--sclae", "2", overlay], 3),
      (["concat", base, "--size", "-o", "x.mp4"], 3),
      (["concat", base, "-y=1"], 3),
      (["splice", base], 1),
    ]
    for (arguments, position) in cases {
      let object = try failure(arguments)
      XCTAssertEqual(object["stage"] as? String, "failed", "\(arguments)")
      XCTAssertEqual(object["argument"] as? Int, position, "\(arguments): \(object)")
    }
    // An error that is not about one argument names none.
    let missing = try InProcessClipMerge.run(["overlay", base, "--progress", "ndjson"])
    let line = try XCTUnwrap(missing.stderr.split(separator: "\n").last)
    let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    XCTAssertNil(object["argument"], "\(object)")
  }
}
