import Composition
import Engine
import Foundation
import TestSupport
import XCTest

/// `clipmerge frame`: pictures equal to the full render's frames (its encoding aside), from a video, a spec and
/// a command line; contact sheets with their grid and timecodes.
final class FrameCommandTests: XCTestCase {
  let folder = FixtureFiles.temporaryFolder()

  func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  func testFramesEqualTheFullRendersFramesAtThreeTimes() throws {
    // A crossfading join of moving pictures (keyframes every 2 s) with a title: the times fall mid-group.
    let recipe = [
      "concat", FixtureFiles.path("gop.mp4") + "#t=0,3", FixtureFiles.path("gop-b.mp4"), "--transition",
      "crossfade,1", "--text", "FRAME", "--size", "320x240", "--fps", "30",
    ]
    let full = path("full.mp4")
    let render = try ClipmergeProcess.run(recipe + ["--crf", "4", "--preset", "ultrafast", "-o", full, "-q"])
    XCTAssertEqual(render.code, 0, render.stderr)
    let times = ["1.3", "2.5", "5.1"]
    let taken = try ClipmergeProcess.run(
      ["frame", "--at", times.joined(separator: ","), "-o", path("at-%d.png"), "-q", "--"] + recipe)
    XCTAssertEqual(taken.code, 0, taken.stderr)
    let grabber = try PictureGrabber(path: full)
    for (k, text) in times.enumerated() {
      let time = try XCTUnwrap(MediaTime(parsing: text))
      let still = try XCTUnwrap(try PictureGrabber(path: path("at-\(k + 1).png")).picture(at: .zero))
      let rendered = try XCTUnwrap(try grabber.picture(at: time))
      XCTAssertEqual(still.width, 320)
      XCTAssertGreaterThan(still.lumaPSNR(against: rendered), 35, "the frame at \(text) s")
    }
    // The same from the spec file and from the rendered video itself.
    let spec = path("spec.json")
    try ClipmergeProcess.run(recipe + ["--print-spec"]).output.write(to: URL(fileURLWithPath: spec))
    XCTAssertEqual(try ClipmergeProcess.run(["frame", spec, "--at", "2.5", "-o", path("spec.jpg"), "-q"]).code, 0)
    XCTAssertEqual(try ClipmergeProcess.run(["frame", full, "--at", "2.5", "-o", path("video.png"), "-q"]).code, 0)
    let middle = try XCTUnwrap(try PictureGrabber(path: path("at-2.png")).picture(at: .zero))
    let jpeg = try XCTUnwrap(try PictureGrabber(path: path("spec.jpg")).picture(at: .zero))
    let video = try XCTUnwrap(try PictureGrabber(path: path("video.png")).picture(at: .zero))
    XCTAssertGreaterThan(jpeg.lumaPSNR(against: middle), 35, "JPEG from the spec")
    XCTAssertGreaterThan(video.lumaPSNR(against: middle), 35, "PNG from the rendered video")
  }

  func testAContactSheetHasItsGridAndTimecodes() throws {
    let sheet = path("sheet.png")
    let made = try ClipmergeProcess.run(
      ["frame", FixtureFiles.path("gop.mp4"), "--contact-sheet", "4x3", "--width", "1280", "-o", sheet])
    XCTAssertEqual(made.code, 0, made.stderr)
    XCTAssertTrue(made.stderr.contains("4x3 frames over 10.000 s"), made.stderr)
    let picture = try XCTUnwrap(try PictureGrabber(path: sheet).picture(at: .zero))
    XCTAssertEqual(picture.width, 1280)
    // The first cell is the middle of the first twelfth: 10 s / 24 = 0.417 s, the frame at 0.400 s.
    let words = try OCR.read(picture)
    XCTAssertTrue(words.contains("00:00:00.400"), words)
    XCTAssertTrue(words.contains("00:00:09.567"), words)
    // The grid, on a clip of one flat colour: across the first row of cells and down the first column, runs
    // of picture between the sheet's dark grey (#202020: luma about 41, no colour).
    let flat = path("flat.png")
    let grid = try ClipmergeProcess.run(
      ["frame", FixtureFiles.path("overlay.mp4"), "--contact-sheet", "4x3", "--width", "1280", "-o", flat, "-q"])
    XCTAssertEqual(grid.code, 0, grid.stderr)
    let cells = try XCTUnwrap(try PictureGrabber(path: flat).picture(at: .zero))
    func runs(_ samples: [(y: Int, u: Int, v: Int)]) -> Int {
      var count = 0
      var inside = false
      for s in samples {
        let picture = abs(s.y - 41) > 12 || abs(s.u - 128) + abs(s.v - 128) > 12
        if picture && !inside { count += 1 }
        inside = picture
      }
      return count
    }
    let cellHeight = Int((Double((1280 - 8 * 5) / 4) * 240 / 320).rounded())
    let across = (0..<cells.width).compactMap { cells.yuv(x: $0, y: 8 + cellHeight / 2) }
    XCTAssertEqual(runs(across), 4, "columns")
    let down = (0..<cells.height).compactMap { cells.yuv(x: 8 + 20, y: $0) }
    XCTAssertEqual(runs(down), 3, "rows")
  }

  /// A cell is labelled with its picture's own time: a 25 fps clip in a 30 fps composition shows, at the output
  /// frame starting at 1/3 s, the picture stamped 0.32 s (ffprobe's list), and the label says 0.320, not 0.333.
  func testAContactSheetLabelsEachPictureWithItsOwnTime() throws {
    let clip = path("25.mp4")
    _ = try ClipmergeProcess.runTool(
      "ffmpeg",
      [
        "-nostdin", "-v", "error", "-f", "lavfi", "-i", "smptebars=s=320x240:r=25:d=2", "-c:v", "libx264",
        "-preset", "ultrafast", clip,
      ])
    let stamps = try ClipmergeProcess.runTool(
      "ffprobe",
      ["-v", "error", "-select_streams", "v", "-show_entries", "frame=pts_time", "-of", "csv=p=0", clip]
    ).split(separator: "\n").compactMap { Double($0.filter { $0 != "," }) }
    XCTAssertEqual(stamps.count, 50)
    let sheet = path("labels.png")
    let made = try ClipmergeProcess.run(
      ["frame", "--contact-sheet", "3x1", "--width", "960", "-o", sheet, "-q", "--", "concat", clip, "--fps", "30"])
    XCTAssertEqual(made.code, 0, made.stderr)
    let words = try OCR.read(try XCTUnwrap(try PictureGrabber(path: sheet).picture(at: .zero)))
    // The cells are at the middles of thirds of 2 s; each shows the output frame starting at or before it (30 fps),
    // and that frame the last picture stamped at or before its start.
    for middle in [1.0 / 3, 1, 5.0 / 3] {
      let frameStart = (middle * 30 + 1e-9).rounded(.down) / 30
      let own = try XCTUnwrap(stamps.last { $0 <= frameStart + 1e-9 })
      let label = String(format: "00:00:%06.3f", own)
      XCTAssertTrue(words.contains(label), "\(label) in \(words)")
    }
    XCTAssertFalse(words.contains("00:00:00.333"), words)
  }

  /// The sheet's pictures go to a private folder (mode 0700) in TMPDIR that is gone after the run.
  func testAContactSheetLeavesNothingInTheTemporaryFolder() throws {
    let scratch = FixtureFiles.temporaryFolder().appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    let made = try ClipmergeProcess.run(
      ["frame", FixtureFiles.path("gop.mp4"), "--contact-sheet", "2x2", "-o", path("small.png"), "-q"],
      environment: ["TMPDIR": scratch.path])
    XCTAssertEqual(made.code, 0, made.stderr)
    XCTAssertTrue(FileManager.default.fileExists(atPath: path("small.png")))
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.path), [])
  }

  func testBadRequestsSayWhat() throws {
    let none = try ClipmergeProcess.run(["frame", FixtureFiles.path("gop.mp4"), "-o", path("x.png")])
    XCTAssertEqual(none.code, 64)
    XCTAssertEqual(none.stderr, "clipmerge: error: frame needs --at T or --contact-sheet CxR (one of them)\n")
    let gif = try ClipmergeProcess.run(["frame", FixtureFiles.path("gop.mp4"), "--at", "1", "-o", path("x.bmp")])
    XCTAssertEqual(gif.code, 64)
    XCTAssertTrue(gif.stderr.contains("a picture is written as .png or .jpg"), gif.stderr)
    let sound = try ClipmergeProcess.run(["frame", FixtureFiles.path("music.m4a"), "--at", "1", "-o", path("x.png")])
    XCTAssertEqual(sound.code, 65, sound.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: path("x.png")))
  }
}
