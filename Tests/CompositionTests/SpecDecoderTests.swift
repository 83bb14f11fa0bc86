import XCTest

import struct Composition.AffineTransform2D

@testable import Composition

final class SpecDecoderTests: XCTestCase {
  func s(_ text: String) -> MediaTime { MediaTime(parsing: text)! }

  func decode(_ json: String) throws -> SpecDocument {
    try SpecDecoder.decode(Data(json.utf8), baseDirectory: "/specs")
  }

  func problems(_ json: String) -> [String] {
    do throws(InvalidSpec) {
      return try SpecDecoder.decode(Data(json.utf8), baseDirectory: "/specs").problems.map(\.description)
    } catch {
      return error.problems.map(\.description)
    }
  }

  let minimal = """
    {"tracks": [{"id": 1, "kind": "video", "segments": [
      {"source": "a.mp4", "sourceRange": {"start": 2.9, "duration": "1001/30000"}, "start": "1:02.5"}]}],
     "video": {"renderSize": "640x360", "frameRate": "30000/1001",
       "instructions": [{"timeRange": {"start": 0, "end": 10}, "layers": [{"track": 1}]}]}}
    """

  func testTimesAreExactInEveryForm() throws {
    let document = try decode(minimal)
    XCTAssertEqual(document.problems, [])
    let segment = try XCTUnwrap(document.composition.tracks.first?.segments.first)
    XCTAssertEqual(segment.sourceRange.start, MediaTime(value: 29, timescale: 10))
    XCTAssertEqual(segment.sourceRange.duration, s("1001/30000"))
    XCTAssertEqual(segment.compositionRange.start, s("62.5"))
    XCTAssertEqual(document.composition.video?.frameDuration, s("1001/30000"))
    XCTAssertEqual(document.composition.sources.first?.path, "/specs/a.mp4", "relative to the spec's folder")
    XCTAssertEqual(document.sourcePaths[SourceID(0)], "tracks[0].segments[0].source")
  }

  func testSpeedScalesTheCompositionRange() throws {
    let document = try decode(
      minimal.replacingOccurrences(of: #""start": "1:02.5"}"#, with: #""start": 0, "speed": 2}"#))
    let segment = try XCTUnwrap(document.composition.tracks.first?.segments.first)
    XCTAssertEqual(segment.compositionRange.duration, s("1001/60000"))
  }

  func testUnknownKeysAndWrongTypesAreAllListedWithPaths() {
    let json = """
      {"tracks": [{"id": "one", "kind": "video", "segments": [{"source": 5, "sourceRange": {"start": -1, "duration": 1},
        "start": 0, "loop": true}]}],
       "video": {"renderSize": "big", "frameRate": 30, "fps": 30, "instructions": [
         {"timeRange": {"start": 0, "duration": 1, "end": 2}, "layers": [{"track": 1, "opacity": {"value": 2, "ramps": [
           {"from": 0, "to": 1, "timeRange": {"start": 0, "duration": 1}, "curve": "wobbly"}]}}]}]},
       "audio": {"tracks": [{"track": 2}]}, "output": {"crf": 70, "preset": "warp"}, "extra": 1}
      """
    XCTAssertEqual(
      problems(json),
      [
        "extra: unknown key (expected one of: $schema, description, tracks, video, audio, output)",
        "tracks[0].id: expected a number, got a string",
        "tracks[0].segments[0].loop: unknown key (expected one of: source, sourceRange, start, speed, reverse, freeze)",
        "tracks[0].segments[0].source: expected a string, got a number",
        "tracks[0].segments[0].sourceRange.start: expected a time of 0 or more seconds (at most 9 decimals, no exponent), got -1",
        "video.fps: unknown key (expected one of: renderSize, frameDuration, frameRate, frameTiming, background, instructions)",
        "video.renderSize: expected WxH with even sides from 2 to 16384 (1280x720), got 'big'",
        "video.instructions[0].timeRange: give duration or end, not both",
        "video.instructions[0].layers[0].opacity.ramps[0].curve: expected linear, equalPower, easeIn, easeOut or easeInOut, got 'wobbly'",
        "audio.tracks[0].volume: missing",
        "output.crf: expected a whole number from 0 to 63, got 70",
        "output.preset: 'warp' is not one of the choices (see docs/spec.md)",
      ])
  }

  func testNotJSON() {
    XCTAssertEqual(problems("{tracks").count, 1)
    XCTAssertTrue(problems("{tracks").first?.hasPrefix("not valid JSON") ?? false)
    XCTAssertEqual(problems("[]"), ["expected an object, got an array"])
  }

  func testTransformForms() throws {
    let json = minimal.replacingOccurrences(
      of: #"{"track": 1}"#,
      with:
        #"{"track": 1, "transform": {"scale": [2, 3], "rotate": 90, "translate": [10, 20]}, "crop": {"x": 1, "y": 2, "width": 3, "height": 4}}"#
    )
    let layer = try XCTUnwrap(decode(json).composition.video?.instructions.first?.layers.first)
    XCTAssertEqual(
      layer.transform.initial,
      AffineTransform2D.scale(x: 2, y: 3).concatenating(.rotation(degrees: 90)).concatenating(
        .translation(x: 10, y: 20)))
    XCTAssertEqual(layer.crop, Rect(x: 1, y: 2, width: 3, height: 4))
  }

  /// What `--print-spec` writes, `compose` reads back into the same composition.
  func testEncoderRoundTrip() throws {
    var recipe = OverlayRecipe(
      base: CompositionSamples.source(0, seconds: "10", width: 1280, height: 720),
      overlay: CompositionSamples.source(1, seconds: "6", width: 640, height: 480))
    recipe.fadeIn = TimeRange(start: s("2.9"), duration: s("8"))
    recipe.rotation = 30
    recipe.frameDuration = s("1001/30000")
    recipe.base.path = "/m/base.mp4"
    recipe.overlay.path = "/m/overlay.mp4"
    var original = recipe.makeComposition()
    original.audioMix.parameters.append(
      AudioMixParameters(
        trackID: TrackID(3), volume: Keyframed(0.5, changes: [.set(1, at: s("1.25"))]),
        ducking: Ducking(depth: 9.5, attack: s("0.02"), release: s("1001/1000"))))
    original.export.loudness = LoudnessTarget(integrated: -16, truePeak: -2)
    original.video?.instructions[0].layers[1].crop = Rect(x: 0, y: 0, width: 100, height: 50)
    original.video?.frameTiming = .sources
    let data = SpecEncoder.encode(original, workingDirectory: "/m")
    let decoded = try SpecDecoder.decode(data, baseDirectory: "/elsewhere")
    XCTAssertEqual(decoded.problems, [])
    let infos = Dictionary(uniqueKeysWithValues: original.sources.map { ($0.id, $0.info) })
    XCTAssertEqual(decoded.resolved(with: infos), original)
  }

  /// `frameTiming` is `constant` by default or `sources`; a misspelt one is told the one it meant.
  func testFrameTimingForms() throws {
    XCTAssertEqual(try decode(minimal).composition.video?.frameTiming, .constant)
    let sources = minimal.replacingOccurrences(
      of: #""frameRate": "30000/1001","#, with: #""frameRate": "30000/1001", "frameTiming": "sources","#)
    XCTAssertEqual(try decode(sources).composition.video?.frameTiming, .sources)
    let misspelt = minimal.replacingOccurrences(
      of: #""frameRate": "30000/1001","#, with: #""frameRate": "30000/1001", "frameTiming": "sourses","#)
    XCTAssertEqual(
      problems(misspelt), ["video.frameTiming: expected constant, sources, got 'sourses'; did you mean 'sources'?"])
  }

  /// A duck's depth alone takes the default attack and release; a loudness number alone the default true peak.
  /// Out-of-range values are named with their path and range.
  func testDuckAndLoudnessForms() throws {
    let audio = #", "audio": {"tracks": [{"track": 1, "volume": 1, "duck": 8}]}, "output": {"loudness": -23}}"#
    let document = try decode(String(minimal.dropLast()) + audio)
    XCTAssertEqual(document.composition.audioMix.ducking(of: TrackID(1)), Ducking(depth: 8))
    XCTAssertEqual(document.composition.export.loudness, LoudnessTarget(integrated: -23, truePeak: -1))
    let bad =
      #", "audio": {"tracks": [{"track": 1, "volume": 1, "duck": {"depth": 50}}]}, "#
      + #""output": {"loudness": {"integrated": 5, "truePeak": -1}}}"#
    XCTAssertEqual(
      problems(String(minimal.dropLast()) + bad),
      [
        "audio.tracks[0].duck.depth: 50 is out of range (1 to 40)",
        "output.loudness.integrated: 5 is out of range (-70 to -5)",
      ])
  }

  func testDecimalTextOfTimes() {
    XCTAssertEqual(SpecEncoder.time(s("2.9")), "2.9")
    XCTAssertEqual(SpecEncoder.time(s("1001/30000")), "1001/30000")
    XCTAssertEqual(SpecEncoder.time(s("4")), "4")
    XCTAssertEqual(SpecEncoder.time(s("0.04")), "0.04")
  }
}

final class JSONParserTests: XCTestCase {
  func testParsesEveryKindOfValue() throws {
    let value = try JSONParser.parse(
      Array(#"{"a": [1, -2.5e3, true, false, null], "b": "x\"\u00e9\ud83d\ude00\n"}"#.utf8))
    let object = try XCTUnwrap(value as? [String: Any])
    let array = try XCTUnwrap(object["a"] as? [Any])
    XCTAssertEqual((array[0] as? JSONNumber)?.text, "1")
    XCTAssertEqual((array[1] as? JSONNumber)?.double, -2500)
    XCTAssertEqual(array[2] as? Bool, true)
    XCTAssertTrue(array[4] is JSONParser.Null)
    XCTAssertEqual(object["b"] as? String, "x\"é😀\n")
  }

  func testRefusesMalformedText() {
    for text in [
      "{", "{\"a\": 1,}", "[1 2]", "{\"a\": 1, \"a\": 2}", "01x", "\"\u{01}\"", "{} {}",
      "[" + String(repeating: "[", count: 100),
    ] {
      XCTAssertThrowsError(try JSONParser.parse(Array(text.utf8)), text)
    }
  }

  func testSurrogatesPairOrFail() throws {
    let pair = try JSONParser.parse(Array(#"["\uD83D\uDE00"]"#.utf8)) as? [Any]
    XCTAssertEqual(pair?.first as? String, "\u{1F600}")
    for text in [#"["\uD800\u0041"]"#, #"["\uD800"]"#, #"["\uDC00"]"#, #"["\uD800x"]"#, #"["\u+041"]"#] {
      XCTAssertThrowsError(try JSONParser.parse(Array(text.utf8)), text)
    }
  }
}
