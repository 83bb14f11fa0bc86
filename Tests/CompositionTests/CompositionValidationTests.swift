import XCTest

@testable import Composition

/// One test per rule of the model: a valid composition broken in exactly one way is refused with that rule.
final class CompositionValidationTests: XCTestCase {
  func s(_ text: String) -> MediaTime { MediaTime(parsing: text)! }

  func problems(_ edit: (inout Composition) -> Void) -> [CompositionError] {
    var composition = CompositionSamples.twoClips
    edit(&composition)
    return composition.problems()
  }

  func testSampleIsValid() throws {
    XCTAssertEqual(CompositionSamples.twoClips.problems(), [])
    XCTAssertNoThrow(try CompositionSamples.twoClips.validate())
    XCTAssertEqual(CompositionSamples.twoClips.duration, s("8"))
    XCTAssertEqual(CompositionSamples.twoClips.outputDuration, s("8"))
  }

  func testValidateThrowsEveryProblem() {
    var c = CompositionSamples.twoClips
    c.export.crf = 99
    c.export.preset = "warp"
    XCTAssertThrowsError(try c.validate()) { error in
      XCTAssertEqual((error as? InvalidComposition)?.problems, [.crfOutOfRange(99), .unknownPreset("warp")])
    }
  }

  func testEmptyComposition() {
    XCTAssertTrue(problems { $0.tracks = [] }.contains(.emptyComposition))
  }

  func testDurationTooLong() {
    let found = problems {
      $0.sources[0].info.duration = MediaTime(seconds: 200_000)
      $0.tracks[0].segments[0] = TrackSegment(
        source: SourceID(0), sourceRange: TimeRange(start: .zero, duration: MediaTime(seconds: 100_000)), at: .zero)
      $0.tracks[0].segments.removeLast()
    }
    XCTAssertEqual(found, [.durationTooLong(MediaTime(seconds: 100_000), limit: Composition.maximumDuration)])
  }

  func testDuplicateSourceID() {
    XCTAssertEqual(problems { $0.sources[1].id = SourceID(0) }.first, .duplicateSourceID(SourceID(0)))
  }

  func testDuplicateTrackID() {
    XCTAssertEqual(problems { $0.tracks[1].id = TrackID(1) }.first, .duplicateTrackID(TrackID(1)))
  }

  func testUnknownSource() {
    XCTAssertEqual(
      problems { $0.tracks[0].segments[1].source = SourceID(7) },
      [.unknownSource(track: TrackID(1), segment: 1, source: SourceID(7))])
  }

  func testSourceLacksMedia() {
    XCTAssertEqual(
      problems { $0.sources[1].info.audio = nil },
      [.sourceLacksMedia(track: TrackID(2), segment: 1, source: SourceID(1), kind: .audio)])
  }

  func testNegativeTime() {
    XCTAssertTrue(
      problems { $0.tracks[0].segments[0].compositionRange.start = s("0") - s("1") }.contains(
        .negativeTime(track: TrackID(1), segment: 0)))
  }

  func testEmptySegment() {
    XCTAssertTrue(
      problems { $0.tracks[0].segments[1].compositionRange.duration = .zero }.contains(
        .emptySegment(track: TrackID(1), segment: 1)))
  }

  func testNotEnoughSourceContent() {
    XCTAssertEqual(
      problems { $0.sources[1].info.duration = s("3.5") },
      [
        .notEnoughSourceContent(track: TrackID(1), segment: 1, needed: s("4"), available: s("3.5")),
        .notEnoughSourceContent(track: TrackID(2), segment: 1, needed: s("4"), available: s("3.5")),
      ])
  }

  func testOverlappingSegments() {
    XCTAssertEqual(
      problems { $0.tracks[0].segments[1].compositionRange.start = s("3.9") },
      [.overlappingSegments(track: TrackID(1), first: 0, second: 1)])
  }

  func testSpeedOutOfRange() {
    XCTAssertEqual(
      problems { $0.tracks[0].segments[1].compositionRange.duration = s("0.2") },
      [.speedOutOfRange(track: TrackID(1), segment: 1)])
  }

  func testMissingVideoComposition() {
    XCTAssertEqual(problems { $0.video = nil }, [.missingVideoComposition])
  }

  func testInvalidRenderSize() {
    XCTAssertEqual(
      problems { $0.video?.renderSize = PixelSize(width: 0, height: 240) },
      [.invalidRenderSize(PixelSize(width: 0, height: 240))])
    XCTAssertEqual(
      problems { $0.video?.renderSize = PixelSize(width: 20000, height: 240) },
      [.invalidRenderSize(PixelSize(width: 20000, height: 240))])
    // Both sides allowed, but beyond FFmpeg's image size check (every encoder refused it: exit 70).
    XCTAssertEqual(
      problems { $0.video?.renderSize = PixelSize(width: 16384, height: 16384) },
      [.invalidRenderSize(PixelSize(width: 16384, height: 16384))])
    XCTAssertEqual(problems { $0.video?.renderSize = PixelSize(width: 16384, height: 16128) }, [])
  }

  func testOddRenderSize() {
    XCTAssertEqual(
      problems { $0.video?.renderSize = PixelSize(width: 321, height: 240) },
      [.oddRenderSize(PixelSize(width: 321, height: 240))])
  }

  func testInvalidFrameDuration() {
    XCTAssertEqual(problems { $0.video?.frameDuration = s("2") }, [.invalidFrameDuration(s("2"))])
    XCTAssertEqual(problems { $0.video?.frameDuration = s("1/2000") }, [.invalidFrameDuration(s("1/2000"))])
  }

  func testNegativeInstructionTime() {
    XCTAssertTrue(
      problems { $0.video?.instructions[0].timeRange.start = s("0") - s("1") }.contains(
        .negativeInstructionTime(instruction: 0)))
  }

  func testEmptyInstruction() {
    XCTAssertEqual(
      problems { $0.video?.instructions[0].timeRange.duration = .zero }, [.emptyInstruction(instruction: 0)])
  }

  func testOverlappingInstructions() {
    XCTAssertEqual(
      problems {
        $0.video?.instructions.append(
          VideoCompositionInstruction(timeRange: TimeRange(start: s("7"), duration: s("2")), layers: []))
      },
      [.overlappingInstructions(first: 0, second: 1)])
  }

  func testUnknownLayerTrack() {
    XCTAssertEqual(
      problems { $0.video?.instructions[0].layers.append(LayerInstruction(trackID: TrackID(9))) },
      [.unknownLayerTrack(instruction: 0, layer: 1, track: TrackID(9))])
  }

  func testLayerTrackNotVideo() {
    XCTAssertEqual(
      problems { $0.video?.instructions[0].layers.append(LayerInstruction(trackID: TrackID(2))) },
      [.layerTrackNotVideo(instruction: 0, layer: 1, track: TrackID(2))])
  }

  func testDuplicateLayerTrack() {
    XCTAssertEqual(
      problems { $0.video?.instructions[0].layers.append(LayerInstruction(trackID: TrackID(1))) },
      [.duplicateLayerTrack(instruction: 0, track: TrackID(1))])
  }

  func testOpacityOutOfRange() {
    XCTAssertEqual(
      problems { $0.video?.instructions[0].layers[0].opacity = Keyframed(1.5) },
      [.opacityOutOfRange(instruction: 0, layer: 0, value: 1.5)])
  }

  func testTransformNotFinite() {
    XCTAssertEqual(
      problems { $0.video?.instructions[0].layers[0].transform = Keyframed(.translation(x: .infinity, y: 0)) },
      [.transformNotFinite(instruction: 0, layer: 0)])
  }

  func testEmptyRamp() {
    XCTAssertEqual(
      problems {
        $0.video?.instructions[0].layers[0].opacity.ramp(
          from: 0, to: 1, over: TimeRange(start: s("1"), duration: .zero))
      },
      [.emptyRamp(context: "instruction 0 layer 0 opacity")])
  }

  func testOverlappingRamps() {
    XCTAssertEqual(
      problems {
        $0.video?.instructions[0].layers[0].opacity.ramp(
          from: 0, to: 1, over: TimeRange(start: s("1"), duration: s("2")))
        $0.video?.instructions[0].layers[0].opacity.set(0.5, at: s("2"))
      },
      [.overlappingRamps(context: "instruction 0 layer 0 opacity")])
  }

  func testUnknownAudioMixTrack() {
    XCTAssertEqual(
      problems { $0.audioMix.parameters.append(AudioMixParameters(trackID: TrackID(5), volume: Keyframed(1))) },
      [.unknownAudioMixTrack(TrackID(5))])
  }

  func testAudioMixTrackNotAudio() {
    XCTAssertEqual(
      problems { $0.audioMix.parameters[0].trackID = TrackID(1) }, [.audioMixTrackNotAudio(TrackID(1))])
  }

  func testVolumeOutOfRange() {
    XCTAssertEqual(
      problems { $0.audioMix.parameters[0].volume = Keyframed(-0.5) },
      [.volumeOutOfRange(track: TrackID(2), value: -0.5)])
  }

  func testCrfOutOfRange() {
    XCTAssertEqual(problems { $0.export.crf = 52 }, [.crfOutOfRange(52)])
  }

  func testUnknownPreset() {
    XCTAssertEqual(problems { $0.export.preset = "warp" }, [.unknownPreset("warp")])
  }

  func testUnsupportedSampleRate() {
    XCTAssertEqual(problems { $0.export.audioSampleRate = 4000 }, [.unsupportedSampleRate(4000)])
  }

  func testUnsupportedChannelCount() {
    XCTAssertEqual(problems { $0.export.audioChannels = 0 }, [.unsupportedChannelCount(0)])
  }

  func testOutputDurationCoversWholeFrames() {
    var c = CompositionSamples.twoClips
    c.sources[1].info.duration = s("3.01")
    c.tracks[0].segments[1].sourceRange.duration = s("3.01")
    c.tracks[0].segments[1].compositionRange.duration = s("3.01")
    c.tracks.removeLast()
    c.audioMix = AudioMix()
    // 7.01 s at 30 fps needs 211 frames (the last starts at 7 s), so the output lasts 211/30 s.
    XCTAssertEqual(c.video?.frameCount(covering: c.duration), 211)
    XCTAssertEqual(c.outputDuration, s("211/30"))
  }

  /// One of each rule (the compiler checks the switch in `description`; this list must name them all).
  static let everyRule: [CompositionError] = {
    let t = TrackID(1)
    let s = MediaTime(seconds: 1)
    return [
      .emptyComposition, .durationTooLong(s, limit: s), .duplicateSourceID(SourceID(1)), .duplicateTrackID(t),
      .unknownSource(track: t, segment: 0, source: SourceID(2)),
      .sourceLacksMedia(track: t, segment: 0, source: SourceID(2), kind: .audio), .negativeTime(track: t, segment: 0),
      .emptySegment(track: t, segment: 0), .notEnoughSourceContent(track: t, segment: 0, needed: s, available: s),
      .overlappingSegments(track: t, first: 0, second: 1), .speedOutOfRange(track: t, segment: 0),
      .missingVideoComposition, .invalidRenderSize(PixelSize(width: 0, height: 2)),
      .oddRenderSize(PixelSize(width: 3, height: 2)), .invalidFrameDuration(s),
      .negativeInstructionTime(instruction: 0),
      .emptyInstruction(instruction: 0), .overlappingInstructions(first: 0, second: 1),
      .unknownLayerTrack(instruction: 0, layer: 0, track: t), .layerTrackNotVideo(instruction: 0, layer: 0, track: t),
      .duplicateLayerTrack(instruction: 0, track: t), .opacityOutOfRange(instruction: 0, layer: 0, value: 2),
      .transformNotFinite(instruction: 0, layer: 0), .emptyRamp(context: "x"), .overlappingRamps(context: "x"),
      .unknownAudioMixTrack(t), .audioMixTrackNotAudio(t), .volumeOutOfRange(track: t, value: 20), .crfOutOfRange(99),
      .unknownPreset("quick"), .unsupportedSampleRate(1), .unsupportedChannelCount(9),
      .videoCodecNotInContainer(.prores, .webm), .audioCodecNotInContainer(.pcm, .webm),
      .sampleRateNotForCodec(44_100, .opus), .bitRateOutOfRange(1),
    ]
  }()

  func testEveryErrorDescribesItsRule() {
    // Each description starts with the rule's name in words: `overlappingSegments` -> "overlapping segments: ".
    var names = Set<String>()
    for rule in Self.everyRule {
      let name =
        Mirror(reflecting: rule).children.first?.label
        ?? (rule == .emptyComposition ? "emptyComposition" : "missingVideoComposition")
      names.insert(name)
      let words = name.replacingOccurrences(of: "ID", with: "Id").reduce(into: "") { text, c in
        text += c.isUppercase ? " " + c.lowercased() : String(c)
      }
      XCTAssertTrue(rule.description.hasPrefix(words + ": "), "\(name): \(rule.description)")
      XCTAssertGreaterThan(rule.description.count, words.count + 10, name)
    }
    XCTAssertEqual(names.count, Self.everyRule.count, "a rule is listed twice")
  }
}

final class CompositionExplanationTests: XCTestCase {
  func testRulesOfATimelineNameTheFileInTheUsersTerms() {
    var c = CompositionSamples.twoClips
    let path = c.sources[1].path
    c.tracks[0].segments[1].sourceRange.duration = .zero
    c.tracks[0].segments[1].compositionRange.duration = .zero
    let rule = CompositionError.emptySegment(track: c.tracks[0].id, segment: 1)
    XCTAssertTrue(c.problems().contains(rule))
    XCTAssertEqual(
      c.explanation(of: rule), "\(path): nothing of it would be shown: the part used, from 0.000 s, has no length")
    let short = CompositionError.notEnoughSourceContent(
      track: c.tracks[0].id, segment: 1, needed: MediaTime(seconds: 9), available: MediaTime(seconds: 3))
    XCTAssertEqual(c.explanation(of: short), "\(path): it is used up to 9.000 s, but it lasts 3.000 s")
    // Rules that concern no file keep their own words.
    XCTAssertEqual(c.explanation(of: .emptyComposition), CompositionError.emptyComposition.description)
  }
}
