import Composition
import XCTest

/// The composition `concat` renders, checked on the model: where each clip lands, which part of it plays, how
/// transitions overlap neighbours and ramp their opacity and volume, what the soundtrack covers, and the rule
/// each refused recipe breaks.
final class ConcatRecipeTests: XCTestCase {
  private let s = CompositionSamples.s

  private func clip(_ source: Source, _ start: String? = nil, _ end: String? = nil) -> ConcatRecipe.Clip {
    ConcatRecipe.Clip(source: source, start: start.map(s), end: end.map(s))
  }

  /// Trimmed clips follow one another at exact sums of their lengths, on one video and one audio track, each
  /// segment playing its trim; the render size and rate are the first clip's.
  func testTrimsFollowOneAnotherAtExactSums() throws {
    let a = CompositionSamples.source(0, seconds: "4")
    let b = CompositionSamples.source(1, seconds: "3", width: 640, height: 480)
    let recipe = ConcatRecipe(clips: [clip(a, "1/3", "2"), clip(b), clip(a, "3.5", nil)])
    let composition = try recipe.makeComposition()
    let video = try XCTUnwrap(composition.tracks(of: .video).first)
    XCTAssertEqual(composition.tracks(of: .video).count, 1, "no overlap: one lane")
    XCTAssertEqual(video.id, ConcatRecipe.videoTracks.0)
    XCTAssertEqual(
      video.segments.map(\.compositionRange),
      [
        TimeRange(start: .zero, end: s("5/3")), TimeRange(start: s("5/3"), end: s("14/3")),
        TimeRange(start: s("14/3"), end: s("31/6")),
      ])
    XCTAssertEqual(
      video.segments.map(\.sourceRange),
      [
        TimeRange(start: s("1/3"), end: s("2")), TimeRange(start: .zero, end: s("3")),
        TimeRange(start: s("3.5"), end: s("4")),
      ])
    // The same file twice is one source.
    XCTAssertEqual(composition.sources.count, 2)
    XCTAssertEqual(video.segments.map(\.source), [SourceID(0), SourceID(1), SourceID(0)])
    XCTAssertEqual(composition.tracks(of: .audio).first?.segments, video.segments)
    XCTAssertEqual(composition.duration, s("31/6"))
    XCTAssertEqual(composition.video?.renderSize, PixelSize(width: 320, height: 240))
    XCTAssertEqual(composition.video?.frameDuration, s("1/30"))
    XCTAssertTrue(composition.audioMix.parameters.isEmpty, "the clips' sound at its own volume")
  }

  /// A crossfade overlaps neighbours by its length: the clips alternate between two lanes, the incoming
  /// picture's opacity rises from 0 to 1 over the joint, above the outgoing one, and the two sounds cross with
  /// equal power.
  func testACrossfadeOverlapsNeighboursAndRampsOpacityAndVolume() throws {
    let a = CompositionSamples.source(0, seconds: "4")
    let b = CompositionSamples.source(1, seconds: "4")
    var recipe = ConcatRecipe(clips: [clip(a), clip(b)])
    recipe.transition = .crossfade(s("1"))
    let composition = try recipe.makeComposition()
    XCTAssertEqual(composition.duration, s("7"))
    let lanes = composition.tracks(of: .video)
    XCTAssertEqual(lanes.map(\.id), [ConcatRecipe.videoTracks.0, ConcatRecipe.videoTracks.1])
    XCTAssertEqual(lanes[1].segments.first?.compositionRange, TimeRange(start: s("3"), end: s("7")))
    let video = try XCTUnwrap(composition.video)
    XCTAssertEqual(video.instruction(at: s("2"))?.layers.map(\.trackID), [lanes[0].id])
    let joint = try XCTUnwrap(video.instruction(at: s("3.5")))
    XCTAssertEqual(joint.timeRange, TimeRange(start: s("3"), end: s("4")))
    XCTAssertEqual(joint.layers.map(\.trackID), [lanes[1].id, lanes[0].id], "the incoming clip on top")
    XCTAssertEqual(joint.layers[0].opacity.value(at: s("3")), 0, accuracy: 1e-9)
    XCTAssertEqual(joint.layers[0].opacity.value(at: s("3.5")), 0.5, accuracy: 1e-9)
    XCTAssertEqual(joint.layers[0].opacity.value(at: s("4")), 1, accuracy: 1e-9)
    XCTAssertEqual(joint.layers[1].opacity.value(at: s("3.5")), 1, accuracy: 1e-9)
    XCTAssertEqual(video.instruction(at: s("5"))?.layers.map(\.trackID), [lanes[1].id])
    let volumes = Dictionary(
      uniqueKeysWithValues: composition.audioMix.parameters.map { ($0.trackID, $0.volume) })
    let outgoing = try XCTUnwrap(volumes[ConcatRecipe.audioTracks.0])
    let incoming = try XCTUnwrap(volumes[ConcatRecipe.audioTracks.1])
    XCTAssertEqual(outgoing.value(at: s("3")), 1, accuracy: 1e-9)
    XCTAssertEqual(outgoing.value(at: s("4")), 0, accuracy: 1e-9)
    XCTAssertEqual(incoming.value(at: s("3")), 0, accuracy: 1e-9)
    XCTAssertEqual(incoming.value(at: s("4")), 1, accuracy: 1e-9)
    // Equal power: at the middle each is at cos 45°, so the power adds up to one.
    let middle = outgoing.value(at: s("3.5"))
    XCTAssertEqual(middle * middle + incoming.value(at: s("3.5")) * incoming.value(at: s("3.5")), 1, accuracy: 1e-6)
  }

  /// A fade through black: the outgoing picture fades out over the first half over black, the incoming one in
  /// over the second; the sounds follow the halves.
  func testAFadeThroughBlackUsesTheTwoHalves() throws {
    let a = CompositionSamples.source(0, seconds: "4")
    var recipe = ConcatRecipe(clips: [clip(a), clip(a)])
    recipe.transition = .fadeBlack(s("1"))
    let video = try XCTUnwrap(try recipe.makeComposition().video)
    let first = try XCTUnwrap(video.instruction(at: s("3.25")))
    XCTAssertEqual(first.timeRange, TimeRange(start: s("3"), end: s("3.5")))
    XCTAssertEqual(first.backgroundColor, .black)
    XCTAssertEqual(first.layers.count, 1)
    XCTAssertEqual(first.layers[0].opacity.value(at: s("3.25")), 0.5, accuracy: 1e-9)
    let second = try XCTUnwrap(video.instruction(at: s("3.75")))
    XCTAssertEqual(second.timeRange, TimeRange(start: s("3.5"), end: s("4")))
    XCTAssertEqual(second.layers[0].trackID, ConcatRecipe.videoTracks.1)
    XCTAssertEqual(second.layers[0].opacity.value(at: s("3.75")), 0.5, accuracy: 1e-9)
  }

  /// A soundtrack replaces the clips' sound by default, covers the whole output from its start offset, loops
  /// when asked, and fades out over its last seconds.
  func testASoundtrackCoversTheOutputLoopsAndFades() throws {
    let a = CompositionSamples.source(0, seconds: "4")
    let music = CompositionSamples.source(9, seconds: "3", video: false)
    var recipe = ConcatRecipe(clips: [clip(a), clip(a)])
    recipe.soundtrack = music
    recipe.soundtrackStart = s("1")
    recipe.soundtrackLoop = true
    recipe.soundtrackFadeOut = s("2")
    let composition = try recipe.makeComposition()
    XCTAssertEqual(recipe.effectiveAudio, .soundtrack)
    XCTAssertEqual(composition.tracks(of: .audio).map(\.id), [ConcatRecipe.soundtrackTrack], "no clip sound")
    let track = try XCTUnwrap(composition.track(ConcatRecipe.soundtrackTrack))
    XCTAssertEqual(
      track.segments.map(\.sourceRange),
      [
        TimeRange(start: s("1"), end: s("3")), TimeRange(start: .zero, end: s("3")),
        TimeRange(start: .zero, end: s("3")),
      ])
    XCTAssertEqual(track.end, s("8"))
    let volume = try XCTUnwrap(composition.audioMix.parameters.first { $0.trackID == ConcatRecipe.soundtrackTrack })
    XCTAssertEqual(volume.volume.value(at: s("5")), 1, accuracy: 1e-9)
    XCTAssertEqual(volume.volume.value(at: s("7")), 0.5, accuracy: 1e-9)
    XCTAssertEqual(volume.volume.value(at: s("8")), 0, accuracy: 1e-9)
    // Without the loop it plays once and silence follows.
    recipe.soundtrackLoop = false
    XCTAssertEqual(try recipe.makeComposition().track(ConcatRecipe.soundtrackTrack)?.end, s("2"))
  }

  /// Each broken rule is refused with the error naming it and the clip.
  func testRefusedRecipesNameTheRuleAndTheClip() {
    let a = CompositionSamples.source(0, seconds: "4")
    let silent = CompositionSamples.source(1, video: false)
    func refusal(_ recipe: ConcatRecipe) -> ConcatError? {
      do {
        _ = try recipe.makeComposition()
        return nil
      } catch { return error }
    }
    XCTAssertEqual(refusal(ConcatRecipe(clips: [])), .noClips)
    XCTAssertEqual(
      refusal(ConcatRecipe(clips: [clip(a, "5", nil)])),
      .trimStartsAfterClipEnds(path: "clip0.mp4", start: s("5"), duration: s("4")))
    XCTAssertEqual(
      refusal(ConcatRecipe(clips: [clip(a, nil, "4.5")])),
      .trimEndsAfterClipEnds(path: "clip0.mp4", end: s("4.5"), duration: s("4")))
    XCTAssertEqual(
      refusal(ConcatRecipe(clips: [clip(a, "2", "2")])), .trimHasNoLength(path: "clip0.mp4", at: s("2")))
    if case .clipHasNoVideo(let path, _)? = refusal(ConcatRecipe(clips: [clip(a), clip(silent)])) {
      XCTAssertEqual(path, "clip1.mp4")
    } else {
      XCTFail("a clip without pictures is refused")
    }
    let b = CompositionSamples.source(2, seconds: "4")
    var short = ConcatRecipe(clips: [clip(a), clip(b, "0", "1"), clip(a)])
    short.transition = .crossfade(s("0.75"))
    XCTAssertEqual(
      refusal(short), .clipShorterThanTransitions(path: "clip2.mp4", duration: s("1"), needed: s("1.5")))
    XCTAssertEqual(
      refusal(ConcatRecipe(clips: [clip(a), clip(CompositionSamples.source(3, seconds: "0"))])),
      .clipHasNoLength(path: "clip3.mp4"))
    let frozen = ConcatRecipe.Clip(source: b, freeze: TimeRange(start: s("5"), duration: s("1")))
    XCTAssertEqual(
      refusal(ConcatRecipe(clips: [clip(a), frozen])),
      .freezeAfterClipEnds(path: "clip2.mp4", at: s("5"), duration: s("4")))
    var late = ConcatRecipe(clips: [clip(a)])
    late.soundtrack = CompositionSamples.source(9, seconds: "3", video: false)
    late.soundtrackStart = s("3")
    XCTAssertEqual(
      refusal(late), .soundtrackStartsAfterItEnds(path: "clip9.mp4", start: s("3"), duration: s("3")))
  }

  /// One transition for each joint: the first joint cuts, the second crossfades; only the second overlaps.
  func testJointTransitionsApplyJointByJoint() throws {
    let a = CompositionSamples.source(0, seconds: "4")
    var recipe = ConcatRecipe(clips: [clip(a), clip(a), clip(a)])
    recipe.jointTransitions = [.none, .crossfade(s("2"))]
    let composition = try recipe.makeComposition()
    XCTAssertEqual(composition.duration, s("10"))
    let starts = composition.tracks(of: .video).flatMap(\.segments).map(\.compositionRange.start).sorted()
    XCTAssertEqual(starts, [.zero, s("4"), s("6")])
  }
}
