import XCTest

@testable import Composition

/// The command line's words for transitions and effects, and masks and effects in a spec.
final class EffectModelTests: XCTestCase {
  func s(_ text: String) -> MediaTime { MediaTime(parsing: text)! }

  func testTransitionNamesDurationsAndSoftEdges() {
    XCTAssertEqual(Transition(parsing: "wipe-left,0.8"), .wipe(.left, s("0.8"), edge: 0))
    XCTAssertEqual(Transition(parsing: "wipe-up,1,24"), .wipe(.up, s("1"), edge: 24))
    XCTAssertEqual(Transition(parsing: "circle-open"), .circle(open: true, s("0.5"), edge: 0))
    XCTAssertEqual(Transition(parsing: "circle-close,2,8"), .circle(open: false, s("2"), edge: 8))
    XCTAssertEqual(Transition(parsing: "zoom-in,1"), .zoomIn(s("1")))
    // A soft edge only where there is an edge; never negative or beyond 4096 pixels.
    for bad in ["crossfade,1,20", "slide-left,1,4", "zoom-in,1,2", "wipe-left,1,-1", "wipe-left,1,5000", "wipe-in,1"] {
      XCTAssertNil(Transition(parsing: bad), bad)
    }
    XCTAssertEqual(Transition.names.count, 18)
  }

  func testRefusalsSayWhatIsWrongWithAKnownName() {
    XCTAssertEqual(
      Transition.problem(parsing: "wipe-left,1,5000"), "wipe-left's soft edge is 0 to 4096 pixels, got '5000'")
    XCTAssertEqual(
      Transition.problem(parsing: "crossfade,1,20"),
      "crossfade has no soft edge (wipes and circles have one): give crossfade,SECONDS, got 'crossfade,1,20'")
    XCTAssertEqual(
      Transition.problem(parsing: "push-up,0"), "push-up's duration is seconds above 0 (0.8 or 00:01.5), got '0'")
    XCTAssertEqual(
      Transition.problem(parsing: "circle-open,1,2,3"),
      "circle-open takes at most SECONDS and EDGE (circle-open,1,24), got 'circle-open,1,2,3'")
    XCTAssertTrue(Transition.problem(parsing: "wipe-in,1").hasPrefix("expected crossfade, fade-black"))
    XCTAssertEqual(Effect.problem(parsing: "blur=101"), "blur takes 0 to 100 pixels, got 'blur=101'")
    XCTAssertEqual(Effect.problem(parsing: "brightness=x"), "brightness takes -1 to 1, got 'brightness=x'")
    XCTAssertEqual(Effect.problem(parsing: "gamma=0"), "gamma takes 0.1 to 10, got 'gamma=0'")
    XCTAssertTrue(Effect.problem(parsing: "glow").hasPrefix("expected NAME or NAME=AMOUNT"))
  }

  func testEffectWordsAmountsAndRanges() {
    XCTAssertEqual(Effect(parsing: "grayscale"), Effect(.grayscale, amount: Keyframed(1)))
    XCTAssertEqual(Effect(parsing: "blur=2.5"), Effect(.blur, amount: Keyframed(2.5)))
    XCTAssertEqual(Effect(parsing: "brightness=-0.2"), Effect(.brightness, amount: Keyframed(-0.2)))
    XCTAssertEqual(Effect(parsing: "lut=film.cube"), Effect(.lut, amount: Keyframed(1), file: "film.cube"))
    XCTAssertEqual(Effect(parsing: "lut=film.cube,0.5"), Effect(.lut, amount: Keyframed(0.5), file: "film.cube"))
    XCTAssertEqual(Effect(parsing: "lut=a,b.cube"), Effect(.lut, amount: Keyframed(1), file: "a,b.cube"))
    for bad in ["glow", "blur=101", "gamma=0", "lut", "lut=", "lut=,0.5", "sepia=nan", "contrast=x"] {
      XCTAssertNil(Effect(parsing: bad), bad)
    }
    for kind in Effect.Kind.allCases {
      XCTAssertTrue(kind.range.contains(kind.defaultAmount), "\(kind)")
      XCTAssertTrue(kind.range.contains(kind.neutralAmount), "\(kind)")
    }
  }

  let spec = """
    {"tracks": [{"id": 1, "kind": "video", "segments": [
      {"source": "a.mp4", "sourceRange": {"start": 0, "duration": 2}, "start": 0}]}],
     "video": {"renderSize": "320x240", "frameRate": "30",
       "instructions": [{"timeRange": {"start": 0, "end": 2}, "layers": [{"track": 1, LAYER}]}]}}
    """

  func decode(_ layer: String) throws -> SpecDocument {
    try SpecDecoder.decode(
      Data(spec.replacingOccurrences(of: "LAYER", with: layer).utf8), baseDirectory: "/specs")
  }

  func problems(_ layer: String) -> [String] {
    do throws(InvalidSpec) {
      return try SpecDecoder.decode(
        Data(spec.replacingOccurrences(of: "LAYER", with: layer).utf8), baseDirectory: "/specs"
      ).problems.map(\.description)
    } catch {
      return error.problems.map(\.description)
    }
  }

  func testMasksAndEffectsInASpec() throws {
    let document = try decode(
      """
      "mask": {"shape": "ellipse", "feather": 12, "rect": {"value": {"x": 160, "y": 120, "width": 0, "height": 0},
        "ramps": [{"from": {"x": 160, "y": 120, "width": 0, "height": 0},
                   "to": {"x": -40, "y": -80, "width": 400, "height": 400}, "timeRange": {"start": 0, "end": 2}}]}},
      "effects": [{"name": "blur", "amount": {"value": 0, "ramps": [{"from": 0, "to": 8,
        "timeRange": {"start": 0, "end": 2}}]}}, {"name": "lut", "file": "looks/film.cube", "amount": 0.5}]
      """)
    let layer = try XCTUnwrap(document.composition.video?.instructions.first?.layers.first)
    let mask = try XCTUnwrap(layer.mask)
    XCTAssertEqual(mask.shape, .ellipse)
    XCTAssertEqual(mask.feather, 12)
    XCTAssertEqual(mask.rect.value(at: s("1")), Rect(x: 60, y: 20, width: 200, height: 200))
    XCTAssertEqual(layer.effects.map(\.kind), [.blur, .lut])
    XCTAssertEqual(layer.effects[0].amount.value(at: s("0.5")), 2)
    XCTAssertEqual(layer.effects[1].file, "/specs/looks/film.cube")
    // Written back, read again: the same layer.
    let data = SpecEncoder.encode(document.composition, workingDirectory: "/specs")
    let again = try SpecDecoder.decode(data, baseDirectory: "/elsewhere")
    XCTAssertEqual(again.composition.video?.instructions.first?.layers.first, layer)
  }

  func testMaskAndEffectMistakesAreNamedWithTheirPaths() {
    let at = "video.instructions[0].layers[0]"
    XCTAssertEqual(
      problems(#""mask": {"shape": "star", "rect": {"x": 0, "y": 0, "width": 1, "height": 1}}"#),
      ["\(at).mask.shape: expected rectangle or ellipse, got 'star'"])
    XCTAssertEqual(
      problems(#""effects": [{"name": "glow"}]"#),
      ["\(at).effects[0].name: expected \(Effect.Kind.names), got 'glow'"])
    XCTAssertEqual(problems(#""effects": [{"name": "lut"}]"#), ["\(at).effects[0]: a lut needs its .cube file"])
    XCTAssertEqual(
      problems(#""effects": [{"name": "blur", "file": "x.cube"}]"#), ["\(at).effects[0].file: only a lut takes a file"])
    XCTAssertEqual(problems(#""effects": [{"name": "blur", "amount": 101}]"#).count, 1)
    XCTAssertEqual(problems(#""mask": {"rect": {"x": 0, "y": 0, "width": -1, "height": 1}}"#).count, 1)
  }
}
