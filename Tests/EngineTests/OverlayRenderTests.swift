import Composition
import Engine
import TestSupport
import XCTest

/// Renders picture-in-picture compositions and checks the decoded output: pixels, frame times, tones.
final class OverlayRenderTests: XCTestCase {
  let s = RenderHelpers.s

  /// The colours of the fixtures as decoded (base #204080, overlay #E0C020).
  func inputColours() throws -> (base: (y: Int, u: Int, v: Int), overlay: (y: Int, u: Int, v: Int)) {
    let base = try XCTUnwrap(RenderHelpers.pictures(FixtureFiles.path("base.mp4"), at: [s("1")])[0].yuv(x: 10, y: 10))
    let overlay = try XCTUnwrap(
      RenderHelpers.pictures(FixtureFiles.path("overlay.mp4"), at: [s("1")])[0].yuv(x: 10, y: 10))
    return (base, overlay)
  }

  func testFadeInBlendsOverTheRampAndOverlayStopsAtItsEnd() throws {
    var recipe = try RenderHelpers.recipe(base: "base.mp4", overlay: "overlay.mp4")
    recipe.fadeIn = TimeRange(start: s("1"), duration: s("1"))
    let (path, report) = try RenderHelpers.render(recipe.makeComposition())
    XCTAssertEqual(report.videoFrames, 120)
    let colours = try inputColours()
    // The overlay (160x120 fitted to 320x240, halved) sits at x 160..<320, y 0..<120.
    let times = ["0.5", "1.25", "1.5", "2.5", "3.5"].map(s)
    let alphas = [0, 0.25, 0.5, 1, 0]
    let pictures = try RenderHelpers.pictures(path, at: times)
    for (picture, alpha) in zip(pictures, alphas) {
      let expected = RenderHelpers.blend(colours.base, colours.overlay, alpha)
      RenderHelpers.assertPixel(picture, 240, 60, near: expected, "inside the overlay at \(picture.time)")
      RenderHelpers.assertPixel(picture, 162, 2, near: expected, "overlay's top-left corner at \(picture.time)")
      RenderHelpers.assertPixel(picture, 80, 180, near: colours.base, "outside the overlay at \(picture.time)")
      RenderHelpers.assertPixel(picture, 150, 60, near: colours.base, "left of the overlay at \(picture.time)")
      RenderHelpers.assertPixel(picture, 240, 130, near: colours.base, "below the overlay at \(picture.time)")
    }
  }

  func testFramesAreExactlyOneFrameDurationApart() throws {
    var recipe = try RenderHelpers.recipe(base: "base.mp4", overlay: "overlay.mp4")
    recipe.frameDuration = s("1001/30000")
    let (path, report) = try RenderHelpers.render(recipe.makeComposition())
    // 4 s at 29.97 fps needs ceil(4 × 30000/1001) = 120 frames.
    XCTAssertEqual(report.videoFrames, 120)
    let times = try PictureGrabber.frameTimes(path: path)
    XCTAssertEqual(times.count, 120)
    for (n, time) in times.enumerated() {
      XCTAssertEqual(time, s("1001/30000") * Int64(n), "frame \(n)")
    }
    let info = try MediaProbe.probe(path)
    XCTAssertEqual(info.video?.nominalFrameDuration, s("1001/30000"))
    XCTAssertEqual(report.duration, s("1001/30000") * 120)
  }

  func testOutputLastsAsLongAsTheLongerInputWithBlackAfterBaseEnds() throws {
    var recipe = try RenderHelpers.recipe(base: "base.mp4", overlay: "long-overlay.mp4")
    recipe.scale = 0.25
    recipe.position = .bottomLeft
    let (path, report) = try RenderHelpers.render(recipe.makeComposition())
    XCTAssertEqual(report.duration, s("5"))
    XCTAssertEqual(report.videoFrames, 150)
    let colours = try inputColours()
    let black = (y: 16, u: 128, v: 128)
    let pictures = try RenderHelpers.pictures(path, at: [s("3.9"), s("4.5")])
    // Overlay 80x60 at the bottom-left: x 0..<80, y 180..<240.
    RenderHelpers.assertPixel(pictures[0], 40, 210, near: colours.overlay, "overlay while base plays")
    RenderHelpers.assertPixel(pictures[0], 200, 100, near: colours.base, "base while it plays")
    RenderHelpers.assertPixel(pictures[1], 40, 210, near: colours.overlay, "overlay after base ended")
    RenderHelpers.assertPixel(pictures[1], 200, 100, near: black, "background after base ended")
    // Base audio only (the long overlay has none); the audio lasts as long as the video.
    let samples = try AudioGrabber.samples(path: path, sampleRate: 48000, channels: 2)
    XCTAssertEqual(Double(samples[0].count), 5 * 48000, accuracy: 1024)
  }

  func testBothTonesAreInTheMixUntilTheOverlayEnds() throws {
    let recipe = try RenderHelpers.recipe(base: "base.mp4", overlay: "overlay.mp4")
    let (path, _) = try RenderHelpers.render(recipe.makeComposition())
    let rate = 48000
    let mix = try AudioGrabber.samples(path: path, sampleRate: rate, channels: 2)
    let base = try AudioGrabber.samples(path: FixtureFiles.path("base.mp4"), sampleRate: rate, channels: 2)
    let overlay = try AudioGrabber.samples(path: FixtureFiles.path("overlay.mp4"), sampleRate: rate, channels: 2)
    // Audio and video end together: 4 s of samples, within one AAC frame.
    XCTAssertEqual(Double(mix[0].count), 4 * Double(rate), accuracy: 1024)
    let both = mix[0][rate / 2..<rate * 5 / 2]
    let base440 = Tone.amplitude(of: 440, in: base[0][rate / 2..<rate * 5 / 2], sampleRate: rate)
    let overlay1000 = Tone.amplitude(of: 1000, in: overlay[0][rate / 2..<rate * 5 / 2], sampleRate: rate)
    XCTAssertGreaterThan(base440, 0.05)
    XCTAssertGreaterThan(overlay1000, 0.03)
    XCTAssertEqual(Tone.amplitude(of: 440, in: both, sampleRate: rate), base440, accuracy: base440 * 0.1)
    XCTAssertEqual(Tone.amplitude(of: 1000, in: both, sampleRate: rate), overlay1000, accuracy: overlay1000 * 0.1)
    // After the 3 s overlay ends only the base's tone is left.
    let after = mix[0][rate * 32 / 10..<rate * 39 / 10]
    XCTAssertEqual(Tone.amplitude(of: 440, in: after, sampleRate: rate), base440, accuracy: base440 * 0.1)
    XCTAssertLessThan(Tone.amplitude(of: 1000, in: after, sampleRate: rate), overlay1000 * 0.02)
    // Nothing clips.
    XCTAssertLessThanOrEqual(mix[0].map(abs).max() ?? 0, 1)
  }

  func testAudioChoiceBaseLeavesOutTheOverlayTone() throws {
    var recipe = try RenderHelpers.recipe(base: "base.mp4", overlay: "overlay.mp4")
    recipe.audio = .base
    let (path, _) = try RenderHelpers.render(recipe.makeComposition())
    let mix = try AudioGrabber.samples(path: path, sampleRate: 48000, channels: 2)
    let window = mix[1][24000..<120_000]
    XCTAssertGreaterThan(Tone.amplitude(of: 440, in: window, sampleRate: 48000), 0.05)
    XCTAssertLessThan(Tone.amplitude(of: 1000, in: window, sampleRate: 48000), 0.002)
  }

  func testRotatedOverlayLandsWhereItsTransformSays() throws {
    var recipe = try RenderHelpers.recipe(base: "base.mp4", overlay: "split.mp4")
    recipe.position = .center
    recipe.rotation = 90
    let (path, _) = try RenderHelpers.render(recipe.makeComposition())
    let picture = try RenderHelpers.pictures(path, at: [s("0.5")])[0]
    let split = try RenderHelpers.pictures(FixtureFiles.path("split.mp4"), at: [s("0.5")])[0]
    let green = try XCTUnwrap(split.yuv(x: 40, y: 40))
    let magenta = try XCTUnwrap(split.yuv(x: 120, y: 40))
    let base = try inputColours().base
    // The 160x80 overlay centred at (160, 120), turned a quarter clockwise: 80x160 over x 120..<200, y 40..<200;
    // its left (green) half is now on top.
    RenderHelpers.assertPixel(picture, 160, 70, near: green, "top half of the turned overlay")
    RenderHelpers.assertPixel(picture, 160, 170, near: magenta, "bottom half of the turned overlay")
    RenderHelpers.assertPixel(picture, 100, 120, near: base, "where the unturned overlay would be")
    RenderHelpers.assertPixel(picture, 160, 20, near: base, "above the turned overlay")
  }

  func testRotationMetadataOfTheBaseIsHonoured() throws {
    for (name, topIsGreen) in [("rotated-cw.mp4", true), ("rotated-ccw.mp4", false)] {
      var recipe = try RenderHelpers.recipe(base: name, overlay: "overlay.mp4")
      recipe.opacity = 0
      recipe.audio = .none
      let (path, _) = try RenderHelpers.render(recipe.makeComposition())
      let picture = try RenderHelpers.pictures(path, at: [s("0.5")])[0]
      XCTAssertEqual([picture.width, picture.height], [80, 160], name)
      let split = try RenderHelpers.pictures(FixtureFiles.path("split.mp4"), at: [s("0.5")])[0]
      let green = try XCTUnwrap(split.yuv(x: 40, y: 40))
      let magenta = try XCTUnwrap(split.yuv(x: 120, y: 40))
      RenderHelpers.assertPixel(picture, 40, 30, near: topIsGreen ? green : magenta, "\(name) top")
      RenderHelpers.assertPixel(picture, 40, 130, near: topIsGreen ? magenta : green, "\(name) bottom")
    }
  }

  func testFailedRenderLeavesNoFileAndExistingOutputUntouched() throws {
    let folder = FixtureFiles.temporaryFolder()
    let existing = folder.appendingPathComponent("keep.mov").path
    try Data("precious".utf8).write(to: URL(fileURLWithPath: existing))
    let composition = try RenderHelpers.recipe(base: "base.mp4", overlay: "overlay.mp4").makeComposition()
    XCTAssertThrowsError(
      try Exporter(composition: composition, route: OutputRoute(path: existing, container: .mov), overwrite: false)
        .run()
    ) {
      error in
      guard case .outputFailed = error as? EngineError else { return XCTFail("\(error)") }
    }
    XCTAssertEqual(try String(contentsOfFile: existing, encoding: .utf8), "precious")
    // Cancelled mid-render: nothing is left in the folder but the untouched file.
    var polls = 0
    XCTAssertThrowsError(
      try Exporter(composition: composition, route: OutputRoute(path: existing, container: .mov), overwrite: true).run(
        isCancelled: {
          polls += 1
          return polls > 10
        })
    ) { error in
      guard case .interrupted = error as? EngineError else { return XCTFail("\(error)") }
    }
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["keep.mov"])
    XCTAssertEqual(try String(contentsOfFile: existing, encoding: .utf8), "precious")
  }
}
