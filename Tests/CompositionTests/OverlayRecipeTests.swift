import XCTest

import struct Composition.AffineTransform2D

@testable import Composition

final class OverlayRecipeTests: XCTestCase {
  func s(_ text: String) -> MediaTime { MediaTime(parsing: text)! }

  var recipe: OverlayRecipe {
    OverlayRecipe(
      base: CompositionSamples.source(0, seconds: "10", width: 1280, height: 720),
      overlay: CompositionSamples.source(1, seconds: "6", width: 640, height: 480))
  }

  func layers(_ c: Composition) -> [LayerInstruction] { c.video?.instructions.first?.layers ?? [] }

  func testDefaultsAreBaseSizeAndRateTopRightHalfScale() throws {
    let c = recipe.makeComposition()
    XCTAssertEqual(c.problems(), [])
    XCTAssertEqual(c.video?.renderSize, PixelSize(width: 1280, height: 720))
    XCTAssertEqual(c.video?.frameDuration, s("1/30"))
    XCTAssertEqual(c.duration, s("10"))
    // Overlay first (top), base second.
    XCTAssertEqual(layers(c).map(\.trackID), [OverlayRecipe.overlayVideoTrack, OverlayRecipe.baseVideoTrack])
    // 640x480 fitted into 1280x720 is 960x720; half of it is 480x360, against the right edge.
    let t = layers(c)[0].transform.initial
    XCTAssertEqual(t, AffineTransform2D.scale(x: 0.75, y: 0.75).concatenating(.translation(x: 800, y: 0)))
    XCTAssertEqual(layers(c)[1].transform.initial, .identity)
  }

  func testOutputLastsAsLongAsTheLongerInput() {
    var r = recipe
    r.overlay.info.duration = s("12.5")
    XCTAssertEqual(r.makeComposition().duration, s("12.5"))
  }

  func testNamedPositionsWithMargin() {
    var r = recipe
    r.margin = 20
    let cases: [(OverlayPosition, Double, Double)] = [
      (.topLeft, 20, 20), (.topRight, 780, 20), (.bottomLeft, 20, 340), (.bottomRight, 780, 340), (.center, 400, 180),
      (.point(x: 40, y: 30), 40, 30),
    ]
    for (position, x, y) in cases {
      r.position = position
      let t = layers(r.makeComposition())[0].transform.initial
      XCTAssertEqual(t.tx, x, "\(position)")
      XCTAssertEqual(t.ty, y, "\(position)")
    }
  }

  func testScaleAndSize() {
    var r = recipe
    r.scale = 0.4
    r.renderSize = PixelSize(width: 640, height: 360)
    let t = layers(r.makeComposition())[0].transform.initial
    // 640x480 fitted into 640x360 is 480x360; 0.4 of it is 192x144.
    XCTAssertEqual(t.a * 640, 192, accuracy: 1e-9)
    XCTAssertEqual(t.d * 480, 144, accuracy: 1e-9)
    XCTAssertEqual(t.tx, 640 - 192)
  }

  func testRotationTurnsAboutTheOverlayCentre() {
    var r = recipe
    r.rotation = 90
    r.position = .point(x: 100, y: 100)
    let t = layers(r.makeComposition())[0].transform.initial
    // The overlay's box is 480x360 at (100, 100); its centre (340, 280) stays put.
    let centre = t.apply(x: 320, y: 240)
    XCTAssertEqual(centre.x, 340, accuracy: 1e-9)
    XCTAssertEqual(centre.y, 280, accuracy: 1e-9)
    // A quarter turn clockwise takes the source's top-left corner to the turned box's top-right.
    let corner = t.apply(x: 0, y: 0)
    XCTAssertEqual(corner.x, 340 + 180, accuracy: 1e-9)
    XCTAssertEqual(corner.y, 280 - 240, accuracy: 1e-9)
  }

  func testFadeInAndOutRampOpacity() {
    var r = recipe
    r.fadeIn = TimeRange(start: s("2.9"), duration: s("8"))
    r.fadeOut = nil
    let opacity = layers(r.makeComposition())[0].opacity
    XCTAssertEqual(opacity.value(at: s("1")), 0)
    XCTAssertEqual(opacity.value(at: s("6.9")), 0.5, accuracy: 1e-12)
    r.fadeIn = nil
    r.opacity = 0.8
    r.fadeOut = TimeRange(start: s("4"), duration: s("1"))
    let out = layers(r.makeComposition())[0].opacity
    XCTAssertEqual(out.value(at: s("1")), 0.8)
    XCTAssertEqual(out.value(at: s("4.5")), 0.4, accuracy: 1e-12)
    XCTAssertEqual(out.value(at: s("5")), 0)
  }

  func testAudioChoices() {
    var r = recipe
    let ids = { (r: OverlayRecipe) in r.makeComposition().tracks(of: .audio).map(\.id) }
    XCTAssertEqual(ids(r), [OverlayRecipe.baseAudioTrack, OverlayRecipe.overlayAudioTrack])
    r.audio = .base
    XCTAssertEqual(ids(r), [OverlayRecipe.baseAudioTrack])
    r.audio = .overlay
    XCTAssertEqual(ids(r), [OverlayRecipe.overlayAudioTrack])
    r.audio = .none
    XCTAssertEqual(ids(r), [])
    r.audio = .mix
    r.overlay.info.audio = nil
    XCTAssertEqual(ids(r), [OverlayRecipe.baseAudioTrack])
  }

  func testOddBaseSizeRoundsUpToEven() {
    var r = recipe
    r.base = CompositionSamples.source(0, width: 161, height: 121)
    XCTAssertEqual(r.makeComposition().video?.renderSize, PixelSize(width: 162, height: 122))
  }

  func testRotatedBaseSetsAnUprightRenderSize() {
    var r = recipe
    r.base.info.video?.orientation = Orientation(quarterTurns: 1)
    XCTAssertEqual(r.makeComposition().video?.renderSize, PixelSize(width: 720, height: 1280))
  }
}
