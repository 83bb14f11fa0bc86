import Composition
import Foundation
import TestSupport
import XCTest

@testable import Engine

/// Pictures that are not video, and pictures with alpha: image files as sources, composited "over" with their
/// alpha times the layer's opacity, premultiplied so soft edges keep their colour.
final class PictureLayerTests: XCTestCase {
  /// BT.601 limited-range red, as the compositor converts it.
  static let red = (y: 81, u: 90, v: 240)

  /// `overlay` on base.mp4 at `scale` times its own size with its top-left at (`x`, `y`), turned `rotation`
  /// degrees, losslessly encoded; the base's colour and the output picture at 0.5 s (the alpha videos last 1 s).
  func render(
    _ overlay: String, scale: Double = 1, x: Double = 0, y: Double = 0, rotation: Double = 0, opacity: Double = 1
  ) throws -> (base: (y: Int, u: Int, v: Int), picture: PictureSample) {
    var recipe = try RenderHelpers.recipe(base: "base.mp4", overlay: overlay)
    let info = try XCTUnwrap(recipe.overlay.info.video)
    // The recipe's scale is a fraction of the overlay fitted into the frame; undo the fit.
    let fit = min(320 / Double(info.displaySize.width), 240 / Double(info.displaySize.height))
    recipe.scale = scale / fit
    recipe.position = .point(x: x, y: y)
    recipe.rotation = rotation
    recipe.opacity = opacity
    recipe.export.crf = 0
    var composition = recipe.makeComposition()
    composition.audioMix = AudioMix()
    composition.tracks.removeAll { $0.kind == .audio }
    let (path, _) = try RenderHelpers.render(composition, name: "layer.mov")
    let half = MediaTime.ticks(1, rate: 2)
    let picture = try XCTUnwrap(RenderHelpers.pictures(path, at: [half]).first)
    let base = try XCTUnwrap(
      RenderHelpers.pictures(FixtureFiles.path("base.mp4"), at: [half]).first?.yuv(x: 5, y: 5))
    return (base, picture)
  }

  func testHalfTransparentRedOverBlueBlendsWithinTwoLevels() throws {
    let (base, picture) = try render("half-red.png")
    let expected = RenderHelpers.blend(base, Self.red, 128.0 / 255)
    RenderHelpers.assertPixel(picture, 32, 32, near: expected, tolerance: 2, "50 % red over the base")
    RenderHelpers.assertPixel(picture, 100, 100, near: base, tolerance: 0, "beside the layer")
    // At 40 % opacity the layer's alpha and opacity multiply: 0.2 red.
    let faded = try render("half-red.png", opacity: 0.4).picture
    RenderHelpers.assertPixel(
      faded, 32, 32, near: RenderHelpers.blend(base, Self.red, 0.4 * 128 / 255), tolerance: 2, "40 % of 50 %")
  }

  func testTransparentBorderShowsTheBaseExactly() throws {
    let (base, picture) = try render("logo.png", x: 10, y: 20)
    // The logo's outer 8 pixels are wholly transparent (and black in the file).
    for (x, y) in [(12, 22), (70, 24), (14, 80), (72, 82)] {
      RenderHelpers.assertPixel(picture, x, y, near: base, tolerance: 0, "transparent border")
    }
    RenderHelpers.assertPixel(picture, 42, 52, near: Self.red, tolerance: 2, "opaque core")
  }

  /// Across the soft edge, scaled up threefold (swscale) and turned (the blitter), every pixel lies between the
  /// base and the red: the transparent black pixels of the file never darken the edge.
  func testSoftEdgesHaveNoDarkFringe() throws {
    for rotation in [0.0, 20] {
      let (base, picture) = try render("logo.png", scale: 3, x: 64, y: 24, rotation: rotation)
      let low = min(base.y, Self.red.y) - 2
      let high = max(base.y, Self.red.y) + 2
      let row = 24 + 96
      for x in 40..<260 {
        let value = try XCTUnwrap(picture.yuv(x: x, y: row)).y
        XCTAssertTrue(
          (low...high).contains(value), "rotation \(rotation): luma \(value) at x \(x) outside \(low)...\(high)")
      }
      // And the edge is soft: some pixel lies strictly between.
      let values = (40..<260).compactMap { picture.yuv(x: $0, y: row)?.y }
      XCTAssertTrue(values.contains { $0 > base.y + 2 && $0 < Self.red.y - 2 }, "rotation \(rotation): no soft edge")
    }
  }

  /// ProRes 4444, VP9 with alpha (decoded by libvpx), QuickTime Animation and PNG in MOV all keep their alpha;
  /// ProRes 4444 matches the ffmpeg CLI's overlay filter.
  func testAlphaVideoMatchesTheFFmpegOverlay() throws {
    let base = FixtureFiles.path("base.mp4")
    let reference = try ClipmergeProcess.capture(
      URL(fileURLWithPath: "/usr/bin/env"),
      [
        "ffmpeg", "-v", "error", "-i", base, "-i", FixtureFiles.path("lower-third.mov"), "-filter_complex",
        "[0][1]overlay=0:0", "-ss", "0.5", "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "yuv420p", "-",
      ])
    XCTAssertEqual(reference.code, 0, reference.stderr)
    let frame = [UInt8](reference.output)
    XCTAssertEqual(frame.count, 320 * 240 * 3 / 2)
    func ffmpeg(_ x: Int, _ y: Int) -> (y: Int, u: Int, v: Int) {
      (
        Int(frame[y * 320 + x]), Int(frame[320 * 240 + (y / 2) * 160 + x / 2]),
        Int(frame[320 * 240 + 160 * 120 + (y / 2) * 160 + x / 2])
      )
    }
    for name in ["lower-third.mov", "alpha.webm", "animation.mov", "png.mov"] {
      let (_, picture) = try render(name)
      for (x, y) in [(100, 100), (100, 190), (300, 165), (10, 230)] {
        RenderHelpers.assertPixel(picture, x, y, near: ffmpeg(x, y), tolerance: 2, "\(name) against ffmpeg's overlay")
      }
    }
  }

  func testPhoneJPEGIsShownUprightByItsEXIFOrientation() throws {
    let info = try MediaProbe.probe(FixtureFiles.path("sideways.jpg"))
    XCTAssertTrue(info.isStill)
    XCTAssertEqual(info.video?.orientation, Orientation(quarterTurns: 1))
    XCTAssertEqual(info.video?.displaySize, PixelSize(width: 80, height: 160))
    let recipe = ConcatRecipe(clips: [.init(source: try RenderHelpers.source(0, "sideways.jpg"))])
    let (path, report) = try RenderHelpers.render(try recipe.makeComposition(), name: "upright.mov")
    XCTAssertEqual(report.duration, ConcatRecipe.defaultImageDuration)
    let picture = try XCTUnwrap(RenderHelpers.pictures(path, at: [MediaTime(seconds: 1)]).first)
    XCTAssertEqual(picture.width, 80)
    XCTAssertEqual(picture.height, 160)
    // The split picture's left half is green: turned a quarter clockwise it is the top.
    let top = try XCTUnwrap(picture.yuv(x: 40, y: 30))
    let bottom = try XCTUnwrap(picture.yuv(x: 40, y: 130))
    XCTAssertLessThan(top.v, 100, "green on top: \(top)")
    XCTAssertGreaterThan(bottom.v, 150, "magenta at the bottom: \(bottom)")
  }

  /// PNG (16 bit, palette, grey), WebP, BMP and TIFF are stills; animated GIF and APNG play at their own timing.
  func testImageFormatsAndAnimations() throws {
    for (name, colour) in [
      ("logo-16.png", Self.red), ("palette.png", Self.red), ("card.webp", (y: 146, u: 53, v: 193)),
      ("card.bmp", (y: 146, u: 53, v: 193)), ("card.tiff", (y: 146, u: 53, v: 193)),
      ("grey.png", (y: 126, u: 128, v: 128)),
    ] {
      let source = try RenderHelpers.source(0, name)
      XCTAssertTrue(source.info.isStill, name)
      var recipe = ConcatRecipe(clips: [.init(source: source, end: MediaTime(seconds: 1))])
      recipe.export.crf = 0
      recipe.export.preset = "ultrafast"
      let (path, report) = try RenderHelpers.render(try recipe.makeComposition(), name: "still.mov")
      XCTAssertEqual(report.duration, MediaTime(seconds: 1), name)
      let picture = try XCTUnwrap(RenderHelpers.pictures(path, at: [MediaTime(value: 1, timescale: 2)!]).first)
      RenderHelpers.assertPixel(picture, picture.width / 2, picture.height / 2, near: colour, tolerance: 4, name)
    }
    for name in ["spin.gif", "spin.apng"] {
      let source = try RenderHelpers.source(0, name)
      XCTAssertFalse(source.info.isStill, name)
      XCTAssertEqual(source.info.duration, MediaTime(value: 3, timescale: 2), name)
      var recipe = ConcatRecipe(clips: [.init(source: source)])
      recipe.export.crf = 0
      recipe.export.preset = "ultrafast"
      let (path, _) = try RenderHelpers.render(try recipe.makeComposition(), name: "animated.mov")
      let pictures = try RenderHelpers.pictures(
        path, at: ["0.25", "0.75", "1.25"].map { MediaTime(parsing: $0)! })
      let v = pictures.compactMap { $0.yuv(x: 20, y: 20)?.v }
      let u = pictures.compactMap { $0.yuv(x: 20, y: 20)?.u }
      XCTAssertGreaterThan(v[0], 200, "\(name): red first")
      XCTAssertLessThan(v[1], 100, "\(name): green second")
      XCTAssertGreaterThan(u[2], 200, "\(name): blue third")
    }
  }

  /// A still lasts as long as the base in an overlay; a large photo is converted and scaled once, not once a
  /// frame.
  func testStillOverlayLastsAsLongAsTheBaseAndIsScaledOnce() throws {
    let recipe = try RenderHelpers.recipe(base: "base.mp4", overlay: "logo.png")
    let composition = recipe.makeComposition()
    XCTAssertEqual(composition.duration, MediaTime(seconds: 4))
    let before = ScalerCache.conversionCount
    let (_, report) = try RenderHelpers.render(composition, name: "still-overlay.mov")
    XCTAssertEqual(report.videoFrames, 120)
    // To 4:4:4 with alpha, to 4:2:0 with alpha, and once to the layer's size: three conversions for 120 frames.
    XCTAssertEqual(ScalerCache.conversionCount - before, 3)
  }
}

/// Pan and zoom on a still ("Ken Burns"): smooth, without shimmering, and not scaled once a frame.
final class StillMotionTests: XCTestCase {
  func testZoomOutOfAPhotoNeitherFlickersNorRescalesEveryFrame() throws {
    let base = try RenderHelpers.source(0, "base.mp4")
    let photo = try RenderHelpers.source(1, "checker.png")
    let two = MediaTime(seconds: 2)
    var transform = Keyframed(AffineTransform2D.scale(x: 0.3, y: 0.3).concatenating(.translation(x: -20, y: -10)))
    transform.ramp(
      from: AffineTransform2D.scale(x: 0.3, y: 0.3).concatenating(.translation(x: -20, y: -10)),
      to: AffineTransform2D.scale(x: 0.2, y: 0.2).concatenating(.translation(x: 0, y: 0)),
      over: TimeRange(start: .zero, duration: two))
    let composition = Composition(
      sources: [base, photo],
      tracks: [
        Track(
          id: TrackID(1), kind: .video,
          segments: [TrackSegment(source: photo.id, sourceRange: TimeRange(start: .zero, duration: two), at: .zero)])
      ],
      video: VideoComposition(
        renderSize: PixelSize(width: 320, height: 240), frameDuration: MediaTime.ticks(1, rate: 30),
        backgroundColor: .black,
        instructions: [
          VideoCompositionInstruction(
            timeRange: TimeRange(start: .zero, duration: two),
            layers: [LayerInstruction(trackID: TrackID(1), transform: transform)])
        ]), export: ExportSettings(crf: 0, preset: "ultrafast"))
    let before = ScalerCache.conversionCount
    let (path, report) = try RenderHelpers.render(composition, name: "zoom.mov")
    XCTAssertEqual(report.videoFrames, 60)
    // To 4:2:0 once, then one shrink per mipmap level used (a quarter: scales 0.3 to 0.2 all lie in it).
    XCTAssertLessThanOrEqual(ScalerCache.conversionCount - before, 3)
    // Every frame is an even grey where the photo is: the mean moves by under a level from frame to frame and
    // no moiré stands out within a frame.
    let grabber = try PictureGrabber(path: path)
    var means: [Double] = []
    for n in 0..<60 {
      let picture = try XCTUnwrap(grabber.picture(at: MediaTime.ticks(Int64(n), rate: 30)))
      var values: [Double] = []
      for y in stride(from: 20, to: 220, by: 3) {
        for x in stride(from: 20, to: 300, by: 3) { values.append(Double(picture.yuv(x: x, y: y)?.y ?? 0)) }
      }
      let mean = values.reduce(0, +) / Double(values.count)
      let spread = (values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(values.count)).squareRoot()
      XCTAssertLessThan(spread, 8, "frame \(n): moiré, a spread of \(spread) levels")
      means.append(mean)
    }
    for (a, b) in zip(means, means.dropFirst()) { XCTAssertLessThan(abs(a - b), 1, "flicker: \(a) then \(b)") }
  }
}
