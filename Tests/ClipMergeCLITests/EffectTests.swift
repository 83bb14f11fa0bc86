import Composition
import Engine
import Foundation
import TestSupport
import XCTest

/// Effects on decoded pixels: renders without loss (x264 at --crf 0) so every sample can be predicted, on flat
/// base.mp4 (#204080), the test pattern gop.mp4 and line.png (one white column at x = 32 of 64).
final class EffectTests: XCTestCase {
  let folder = FixtureFiles.temporaryFolder()

  /// The picture at `time` of `concat INPUT ARGS` rendered losslessly.
  func render(_ input: String, _ arguments: [String], at time: MediaTime = MediaTime(seconds: 0)) throws
    -> PictureSample
  {
    let out = folder.appendingPathComponent("\(UUID()).mp4").path
    let made = try ClipmergeProcess.run(
      ["concat", input, "--crf", "0", "--preset", "ultrafast", "--audio", "none", "-o", out, "-q"] + arguments)
    XCTAssertEqual(made.code, 0, made.stderr)
    return try XCTUnwrap(try PictureGrabber(path: out).picture(at: time))
  }

  func testGrayscaleMakesEveryChromaSample128() throws {
    let picture = try render(FixtureFiles.path("gop.mp4") + "#t=0,0.5", ["--effect", "grayscale"])
    XCTAssertEqual(Set(picture.chromaSamples), [128])
    // Half of it halves the colour's distance from grey.
    let plain = try render(FixtureFiles.path("base.mp4") + "#t=0,0.5", [])
    let half = try render(FixtureFiles.path("base.mp4") + "#t=0,0.5", ["--effect", "grayscale=0.5"])
    let (p, h) = (try XCTUnwrap(plain.yuv(x: 100, y: 100)), try XCTUnwrap(half.yuv(x: 100, y: 100)))
    XCTAssertEqual(h.u - 128, (p.u - 128) / 2, accuracy: 1)
    XCTAssertEqual(h.v - 128, (p.v - 128) / 2, accuracy: 1)
    XCTAssertEqual(h.y, p.y)
  }

  func testAnIdentityCubeLeavesEveryPixelWithinOneLevel() throws {
    let clip = FixtureFiles.path("gop.mp4") + "#t=0,0.5"
    let plain = try render(clip, [])
    let looked = try render(clip, ["--effect", "lut=" + FixtureFiles.path("identity.cube")])
    XCTAssertLessThanOrEqual(try XCTUnwrap(looked.maximumDifference(to: plain)), 1)
    // The warm table does change the picture: reds up, blues down (Cr up, Cb down on the pattern's grey).
    let warm = try render(clip, ["--effect", "lut=" + FixtureFiles.path("warm.cube")])
    XCTAssertGreaterThan(try XCTUnwrap(warm.maximumDifference(to: plain)), 10)
  }

  func testABlurSpreadsAOnePixelLineByItsRadius() throws {
    let line = FixtureFiles.path("line.png") + "#t=,0.2"
    for radius in [3, 6] {
      let picture = try render(line, ["--effect", "blur=\(radius)"])
      for y in [2, 24, 45] {
        let row = try (0..<64).map { try XCTUnwrap(picture.yuv(x: $0, y: y)).y }
        for distance in 0...radius {
          XCTAssertGreaterThan(row[32 - distance], 17, "radius \(radius), row \(y), \(distance) left")
          XCTAssertGreaterThan(row[32 + distance], 17, "radius \(radius), row \(y), \(distance) right")
        }
        XCTAssertEqual(row[32 - radius - 1], 16, "radius \(radius), row \(y): beyond the radius")
        XCTAssertEqual(row[32 + radius + 1], 16, "radius \(radius), row \(y): beyond the radius")
        // Nothing is lost: the light above black adds up to the line's, within rounding.
        XCTAssertEqual(row.map { $0 - 16 }.reduce(0, +), 235 - 16, accuracy: 2 * radius + 2)
      }
    }
  }

  func testColourEffectsMoveLumaAndChromaAsDocumented() throws {
    let clip = FixtureFiles.path("base.mp4") + "#t=0,0.5"
    let plain = try XCTUnwrap(try render(clip, []).yuv(x: 100, y: 100))
    func sample(_ effect: String) throws -> (y: Int, u: Int, v: Int) {
      try XCTUnwrap(try render(clip, ["--effect", effect]).yuv(x: 100, y: 100))
    }
    XCTAssertEqual(try sample("brightness=0.2").y, plain.y + 44, accuracy: 1)
    let contrast = try sample("contrast=2")
    XCTAssertEqual(Double(contrast.y - 16), (Double(plain.y - 16) / 219 - 0.5) * 2 * 219 + 109.5, accuracy: 1)
    XCTAssertEqual(try sample("gamma=2").y, Int(16 + 219 * (Double(plain.y - 16) / 219).squareRoot()), accuracy: 1)
    let saturated = try sample("saturation=2")
    XCTAssertEqual(saturated.u - 128, 2 * (plain.u - 128), accuracy: 1)
    XCTAssertEqual(saturated.y, plain.y)
    // Sepia: the colour of sepia (Cb below grey, Cr above), whatever the clip's.
    let sepia = try sample("sepia")
    XCTAssertLessThan(sepia.u, 118)
    XCTAssertGreaterThan(sepia.v, 138)
    // Effects apply in order: grayscale then brightness keeps the grey.
    let chained = try render(clip, ["--effect", "grayscale", "--effect", "brightness=0.1"])
    XCTAssertEqual(Set(chained.chromaSamples), [128])
  }

  func testVignetteDarkensTheCornersAndSharpenSteepensEdges() throws {
    let clip = FixtureFiles.path("base.mp4") + "#t=0,0.5"
    let plain = try XCTUnwrap(try render(clip, []).yuv(x: 160, y: 120))
    let vignette = try render(clip, ["--effect", "vignette=1"])
    XCTAssertEqual(try XCTUnwrap(vignette.yuv(x: 160, y: 120)).y, plain.y, accuracy: 1)
    XCTAssertLessThanOrEqual(try XCTUnwrap(vignette.yuv(x: 0, y: 0)).y, 18, "the corner loses all its light")
    let halfway = try XCTUnwrap(vignette.yuv(x: 80, y: 60)).y
    XCTAssertEqual(Double(halfway - 16), Double(plain.y - 16) * 0.75, accuracy: 2)
    let sharp = try render(FixtureFiles.path("line.png") + "#t=,0.2", ["--effect", "sharpen=1"])
    let row = try (30...34).map { try XCTUnwrap(sharp.yuv(x: $0, y: 24)).y }
    XCTAssertGreaterThan(row[2], 235, "the line brighter than white")
    XCTAssertLessThan(row[1], 16, "its neighbours darker than black")
    XCTAssertLessThan(row[3], 16)
    XCTAssertEqual(row[0], 16)
  }

  func testAnEffectRampsOverTimeInASpec() throws {
    // effect-blur.json ramps blur from 0 to 8 pixels over its 2 s: sharp at the start, blurred at the end.
    let spec = FixtureFiles.root.appendingPathComponent("Fixtures/compositions/effect-blur.json").path
    let out = folder.appendingPathComponent("ramp.mp4").path
    let made = try ClipmergeProcess.run(["compose", spec, "--crf", "0", "-o", out, "-q"])
    XCTAssertEqual(made.code, 0, made.stderr)
    let plainOut = folder.appendingPathComponent("plain.mp4").path
    XCTAssertEqual(
      try ClipmergeProcess.run([
        "concat", FixtureFiles.path("gop.mp4") + "#t=0,2", "--crf", "0", "--preset", "ultrafast", "--audio", "none",
        "-o", plainOut, "-q",
      ]).code, 0)
    let grabber = try PictureGrabber(path: out)
    let plain = try PictureGrabber(path: plainOut)
    let start = try XCTUnwrap(try grabber.picture(at: .zero))
    let end = try XCTUnwrap(try grabber.picture(at: MediaTime(value: 59, timescale: 30)!))
    XCTAssertTrue(start.isIdentical(to: try XCTUnwrap(try plain.picture(at: .zero))))
    XCTAssertLessThan(
      end.lumaPSNR(against: try XCTUnwrap(try plain.picture(at: MediaTime(value: 59, timescale: 30)!))), 30)
  }

  func testABadColourTableIsRefusedNamingItAndNothingIsWritten() throws {
    let out = folder.appendingPathComponent("never.mp4").path
    let missing = try ClipmergeProcess.run([
      "concat", FixtureFiles.path("tiny.mp4"), "--effect", "lut=/nonexistent/film.cube", "-o", out,
    ])
    XCTAssertEqual(missing.code, 66)
    XCTAssertTrue(missing.stderr.contains("/nonexistent/film.cube: cannot read the colour table"), missing.stderr)
    let bad = folder.appendingPathComponent("bad.cube").path
    try "TITLE \"x\"\nLUT_3D_SIZE 2\n0 0 0\n1 0\n".write(toFile: bad, atomically: true, encoding: .utf8)
    let broken = try ClipmergeProcess.run([
      "concat", FixtureFiles.path("tiny.mp4"), "--effect", "lut=\(bad)", "-o", out,
    ])
    XCTAssertEqual(broken.code, 65)
    XCTAssertEqual(
      broken.stderr,
      "clipmerge: error: \(bad): not a .cube colour table: line 4: expected three numbers (red green blue)\n")
    XCTAssertFalse(FileManager.default.fileExists(atPath: out))
    // A dry run reads the tables too.
    let dry = try ClipmergeProcess.run([
      "concat", FixtureFiles.path("tiny.mp4"), "--effect", "lut=\(bad)", "-o", out, "--dry-run",
    ])
    XCTAssertEqual(dry.code, 65, dry.stderr)
    let unknown = try ClipmergeProcess.run(["concat", FixtureFiles.path("tiny.mp4"), "--effect", "glow", "-o", out])
    XCTAssertEqual(unknown.code, 64)
    XCTAssertTrue(unknown.stderr.contains("--effect: expected NAME or NAME=AMOUNT"), unknown.stderr)
    // A known effect's amount out of its range: the message gives the range.
    let range = try ClipmergeProcess.run(["concat", FixtureFiles.path("tiny.mp4"), "--effect", "blur=500", "-o", out])
    XCTAssertEqual(range.code, 64)
    XCTAssertEqual(range.stderr, "clipmerge: error: --effect: blur takes 0 to 100 pixels, got 'blur=500'\n")
    let gamma = try ClipmergeProcess.run(["concat", FixtureFiles.path("tiny.mp4"), "--effect", "gamma=0", "-o", out])
    XCTAssertEqual(gamma.stderr, "clipmerge: error: --effect: gamma takes 0.1 to 10, got 'gamma=0'\n")
    let table = try ClipmergeProcess.run(["concat", FixtureFiles.path("tiny.mp4"), "--effect", "lut", "-o", out])
    XCTAssertEqual(
      table.stderr, "clipmerge: error: --effect: expected lut=FILE.cube or lut=FILE.cube,AMOUNT (0 to 1), got 'lut'\n")
  }
}
