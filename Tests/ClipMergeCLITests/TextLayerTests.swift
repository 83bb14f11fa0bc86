import Composition
import Engine
import Foundation
import TestSupport
import XCTest

/// Text and subtitles through the built binary, read back with OCR and checked frame by frame.
final class TextLayerTests: XCTestCase {
  let base = FixtureFiles.path("base.mp4")

  /// Renders base.mp4 at 640x480 (30 fps) with `extra` and returns the output's path.
  func render(_ extra: [String], name: String = "text.mp4") throws -> (String, ClipmergeProcess.Result) {
    let out = FixtureFiles.temporaryFolder().appendingPathComponent(name).path
    let result = try ClipmergeProcess.run(
      ["concat", base, "--size", "640x480", "-o", out, "--preset", "ultrafast", "--crf", "10"] + extra)
    return (out, result)
  }

  func picture(_ path: String, _ time: String) throws -> PictureSample {
    try XCTUnwrap(PictureGrabber(path: path).picture(at: MediaTime(parsing: time)!))
  }

  /// Whether any pixel of the bottom fifth is near white (caption text).
  func showsCaption(_ picture: PictureSample) -> Bool {
    for y in stride(from: picture.height * 4 / 5, to: picture.height, by: 1) {
      for x in stride(from: 0, to: picture.width, by: 2) where (picture.yuv(x: x, y: y)?.y ?? 0) > 200 {
        return true
      }
    }
    return false
  }

  func testTitleIsReadBackAndShowsOnlyWhenAsked() throws {
    let (out, result) = try render(["--text", "Ada Lovelace", "--text-at", "1,2"])
    XCTAssertEqual(result.code, 0, result.stderr)
    XCTAssertTrue(try OCR.read(picture(out, "2")).contains("Ada Lovelace"))
    XCTAssertFalse(showsCaption(try picture(out, "0.5")))
    XCTAssertFalse(showsCaption(try picture(out, "3.5")))
    // Overlay takes the base alone when the overlay is text; the style options change what is drawn.
    let overlay = FixtureFiles.temporaryFolder().appendingPathComponent("title.mp4").path
    let styled = try ClipmergeProcess.run(
      [
        "overlay", base, "--text", "CHAPTER ONE", "--text-position", "top", "--text-size", "48", "--text-box",
        "black@0.7", "--text-color", "yellow", "--size", "640x480", "-o", overlay, "--preset", "ultrafast",
      ])
    XCTAssertEqual(styled.code, 0, styled.stderr)
    let top = try picture(overlay, "1")
    XCTAssertTrue(try OCR.read(top).contains("CHAPTER ONE"))
    XCTAssertFalse(showsCaption(top))
  }

  /// Cues appear and disappear within a frame of their times; the gap between cues shows nothing; cues that
  /// overlap stack; a cue after the end is ignored.
  func testSubtitlesAreTimedOnTheOutputToTheFrame() throws {
    for file in ["talk.srt", "talk.vtt"] {
      let (out, result) = try render(["--subtitles", FixtureFiles.path(file)], name: "subs.mp4")
      XCTAssertEqual(result.code, 0, result.stderr)
      // 30 fps: the cue [0.5, 1.5) is on frames 15 to 44.
      for (time, shown) in [("14/30", false), ("15/30", true), ("44/30", true), ("45/30", false), ("1.75", false)] {
        XCTAssertEqual(showsCaption(try picture(out, time)), shown, "\(file) at \(time)")
      }
      XCTAssertTrue(try OCR.read(picture(out, "1")).contains("HELLO WORLD"), file)
      let both = try OCR.read(picture(out, "2.7"))
      if file == "talk.srt" {
        XCTAssertTrue(both.contains("SECOND") && both.contains("STACKED"), both)
      }
      XCTAssertEqual(try PictureGrabber.frameTimes(path: out).count, 120, "the cue at 9 s does not lengthen it")
    }
    // ASS keeps its own style: yellow, at the top.
    let (ass, result) = try render(["--subtitles", FixtureFiles.path("talk.ass")], name: "ass.mp4")
    XCTAssertEqual(result.code, 0, result.stderr)
    let top = try picture(ass, "1")
    XCTAssertTrue(try OCR.read(top).contains("HELLO WORLD"))
    XCTAssertFalse(showsCaption(top))
  }

  func testBadSubtitlesAndMissingFonts() throws {
    let (out, broken) = try render(["--subtitles", FixtureFiles.path("broken.srt")], name: "broken.mp4")
    XCTAssertEqual(broken.code, 65)
    XCTAssertEqual(
      broken.stderr,
      "clipmerge: error: \(FixtureFiles.path("broken.srt")): line 6: expected the times of cue 2, "
        + "such as 00:00:01,000 --> 00:00:03,500\n")
    XCTAssertFalse(FileManager.default.fileExists(atPath: out))
    let notSubtitles = try render(["--subtitles", FixtureFiles.path("base.mp4")], name: "x.mp4").1
    XCTAssertEqual(notSubtitles.code, 65, notSubtitles.stderr)
    let (font, fallback) = try render(["--text", "Fallback", "--font", "No Such Font 42"], name: "font.mp4")
    XCTAssertEqual(fallback.code, 0, fallback.stderr)
    XCTAssertTrue(
      fallback.stderr.contains("clipmerge: warning: --font: 'No Such Font 42' is not installed; using 'DejaVu Sans'"),
      fallback.stderr)
    XCTAssertTrue(try OCR.read(picture(font, "1")).contains("Fallback"))
    XCTAssertEqual(try render(["--text-size", "40"]).1.code, 64, "styling without --text is a usage error")
  }

  /// `--text` is repeatable: each title has the `--text-*` options that follow it (its own time, position and
  /// fade); one before the first `--text` is every title's. Two titles read back (OCR) at their own times and not
  /// at the other's; a title fading in over 0.5 s is faint at 0.05 s and whole at 1 s.
  func testSeveralTitlesEachWithItsOwnTimeAndFade() throws {
    let (out, result) = try render([
      "--text-size", "40", "--text", "First Title", "--text-at", "0,2", "--text-fade", "0.5", "--text", "Second Title",
      "--text-at", "2,2", "--text-position", "top",
    ])
    XCTAssertEqual(result.code, 0, result.stderr)
    let early = try OCR.read(try picture(out, "1"))
    XCTAssertTrue(early.contains("First Title"), early)
    XCTAssertFalse(early.contains("Second"), early)
    let late = try OCR.read(try picture(out, "3"))
    XCTAssertTrue(late.contains("Second Title"), late)
    XCTAssertFalse(late.contains("First"), late)
    // The fade: the brightest luma of the bottom fifth (the white first title) at 0.05 s and at 1 s.
    func brightest(_ sample: PictureSample) -> Int {
      var top = 0
      for y in stride(from: sample.height * 4 / 5, to: sample.height, by: 1) {
        for x in stride(from: 0, to: sample.width, by: 2) { top = max(top, sample.yuv(x: x, y: y)?.y ?? 0) }
      }
      return top
    }
    let background = brightest(try picture(base, "1"))
    let faint = brightest(try picture(out, "0.05")) - background
    let whole = brightest(try picture(out, "1")) - background
    XCTAssertGreaterThan(whole, 100)
    XCTAssertLessThan(faint, whole / 4, "at 0.05 s of a 0.5 s fade the text is a tenth of the way in")
  }
}
