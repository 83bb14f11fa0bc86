import Composition
import Engine
import TestSupport
import XCTest

/// Joins clips and checks the decoded output: upright letterboxed pictures, whose sound is heard, sync.
final class ConcatRenderTests: XCTestCase {
  let s = RenderHelpers.s

  func clip(_ id: Int, _ name: String, start: String? = nil, end: String? = nil) throws -> ConcatRecipe.Clip {
    ConcatRecipe.Clip(source: try RenderHelpers.source(id, name), start: start.map(s), end: end.map(s))
  }

  /// 320x240 30 fps 48 kHz stereo 440 Hz; 160x120 25 fps 44.1 kHz mono 1000 Hz, trimmed to 1.5 s; 160x80 stored
  /// pixels turned a quarter clockwise, no audio.
  func mixedClips() throws -> ConcatRecipe {
    var recipe = ConcatRecipe(clips: [
      try clip(0, "base.mp4", end: "2"), try clip(1, "overlay.mp4", start: "1", end: "2.5"),
      try clip(2, "rotated-cw.mp4"),
    ])
    recipe.export.preset = "ultrafast"
    recipe.export.crf = 12
    return recipe
  }

  func testMixedClipsJoinUprightAndLetterboxed() throws {
    let (path, report) = try RenderHelpers.render(mixedClips().makeComposition())
    // 2 + 1.5 + 2 s at the first clip's 30 fps.
    XCTAssertEqual(report.duration, s("5.5"))
    XCTAssertEqual(report.videoFrames, 165)
    let pictures = try RenderHelpers.pictures(path, at: ["1", "2.5", "4.5"].map(s))
    let base = try XCTUnwrap(RenderHelpers.pictures(FixtureFiles.path("base.mp4"), at: [s("1")])[0].yuv(x: 5, y: 5))
    let overlay = try XCTUnwrap(
      RenderHelpers.pictures(FixtureFiles.path("overlay.mp4"), at: [s("1")])[0].yuv(x: 5, y: 5))
    let split = try RenderHelpers.pictures(FixtureFiles.path("split.mp4"), at: [s("0.5")])[0]
    let green = try XCTUnwrap(split.yuv(x: 40, y: 40))
    let magenta = try XCTUnwrap(split.yuv(x: 120, y: 40))
    let black = (y: 16, u: 128, v: 128)
    RenderHelpers.assertPixel(pictures[0], 5, 5, near: base, "clip 1 fills the frame")
    // 4:3 into 4:3: the whole frame.
    RenderHelpers.assertPixel(pictures[1], 2, 2, near: overlay, "clip 2 top-left")
    RenderHelpers.assertPixel(pictures[1], 317, 237, near: overlay, "clip 2 bottom-right")
    // 80x160 upright into 320x240: 120x240 at x 100..<220, bars left and right; green on top.
    RenderHelpers.assertPixel(
      pictures[2], 160, 60, near: green, "clip 3 upright: left half of the stored picture on top")
    RenderHelpers.assertPixel(pictures[2], 160, 180, near: magenta, "clip 3 bottom")
    RenderHelpers.assertPixel(pictures[2], 50, 120, near: black, "left bar")
    RenderHelpers.assertPixel(pictures[2], 270, 120, near: black, "right bar")
  }

  func testClipsToneWhereTheyPlayAndSilenceWithoutAudio() throws {
    let (path, _) = try RenderHelpers.render(mixedClips().makeComposition())
    let rate = 48000
    let mix = try AudioGrabber.samples(path: path, sampleRate: rate, channels: 2)[0]
    XCTAssertEqual(Double(mix.count), 5.5 * Double(rate), accuracy: 1024)
    func amp(_ f: Double, _ from: Double, _ to: Double) -> Double {
      Tone.amplitude(of: f, in: mix[Int(from * Double(rate))..<Int(to * Double(rate))], sampleRate: rate)
    }
    XCTAssertGreaterThan(amp(440, 0.2, 1.8), 0.05)
    XCTAssertLessThan(amp(1000, 0.2, 1.8), 0.002)
    XCTAssertGreaterThan(amp(1000, 2.2, 3.3), 0.03)
    XCTAssertLessThan(amp(440, 2.2, 3.3), 0.002)
    XCTAssertLessThan(
      Tone.rms(mix[Int(3.7 * Double(rate))..<Int(5.3 * Double(rate))]), 0.001, "the clip without audio is silent")
  }

  func testSoundtrackReplacesOrMixes() throws {
    let rate = 48000
    var recipe = try mixedClips()
    recipe.soundtrack = try RenderHelpers.source(9, "music.m4a")
    let replaced = try AudioGrabber.samples(
      path: RenderHelpers.render(recipe.makeComposition()).path, sampleRate: rate, channels: 2)[0]
    func amp(_ samples: [Float], _ f: Double, _ from: Double, _ to: Double) -> Double {
      Tone.amplitude(of: f, in: samples[Int(from * Double(rate))..<Int(to * Double(rate))], sampleRate: rate)
    }
    XCTAssertGreaterThan(amp(replaced, 2500, 0.2, 1.8), 0.05)
    XCTAssertLessThan(amp(replaced, 440, 0.2, 1.8), 0.002, "the clips' sound is replaced")
    // The 3 s soundtrack is followed by silence without --soundtrack-loop.
    XCTAssertLessThan(Tone.rms(replaced[Int(3.2 * Double(rate))..<Int(5.3 * Double(rate))]), 0.001)

    recipe.audio = .mix
    recipe.soundtrackLoop = true
    let mixed = try AudioGrabber.samples(
      path: RenderHelpers.render(recipe.makeComposition()).path, sampleRate: rate, channels: 2)[0]
    XCTAssertGreaterThan(amp(mixed, 2500, 0.2, 1.8), 0.05)
    XCTAssertGreaterThan(amp(mixed, 440, 0.2, 1.8), 0.05, "the clips' sound under the music")
    XCTAssertGreaterThan(amp(mixed, 1000, 2.2, 2.9), 0.03)
    XCTAssertGreaterThan(amp(mixed, 2500, 3.7, 5.3), 0.05, "the looped soundtrack goes on")
    XCTAssertEqual(Double(mixed.count), 5.5 * Double(rate), accuracy: 1024, "cut at the end of the video")
  }

  func testSoundtrackFadesOutAtTheEnd() throws {
    let rate = 48000
    var recipe = try mixedClips()
    recipe.soundtrack = try RenderHelpers.source(9, "music.m4a")
    recipe.soundtrackLoop = true
    recipe.soundtrackVolume = 0.5
    recipe.soundtrackFadeOut = s("2")
    let samples = try AudioGrabber.samples(
      path: RenderHelpers.render(recipe.makeComposition()).path, sampleRate: rate, channels: 2)[0]
    func amp(_ from: Double, _ to: Double) -> Double {
      Tone.amplitude(of: 2500, in: samples[Int(from * Double(rate))..<Int(to * Double(rate))], sampleRate: rate)
    }
    let full = amp(1, 2)
    // The fade runs 3.5 → 5.5 s: at its middle (4.5 s) the volume is half of the starting volume.
    XCTAssertEqual(amp(4.45, 4.55) / full, 0.5, accuracy: 0.08)
    XCTAssertLessThan(amp(5.4, 5.49) / full, 0.1)
  }

  func testCrossfadeDissolvesPictureAndSound() throws {
    var recipe = ConcatRecipe(clips: [try clip(0, "base.mp4"), try clip(1, "overlay.mp4")])
    recipe.transition = .crossfade(s("1"))
    recipe.export.preset = "ultrafast"
    recipe.export.crf = 12
    let (path, report) = try RenderHelpers.render(recipe.makeComposition())
    XCTAssertEqual(report.duration, s("6"), "4 + 3 − 1 s overlap")
    let picture = try RenderHelpers.pictures(path, at: [s("3.5")])[0]
    let base = try XCTUnwrap(RenderHelpers.pictures(FixtureFiles.path("base.mp4"), at: [s("1")])[0].yuv(x: 5, y: 5))
    let overlay = try XCTUnwrap(
      RenderHelpers.pictures(FixtureFiles.path("overlay.mp4"), at: [s("1")])[0].yuv(x: 5, y: 5))
    RenderHelpers.assertPixel(
      picture, 100, 100, near: RenderHelpers.blend(base, overlay, 0.5), "half-way through the dissolve")
    let rate = 48000
    let samples = try AudioGrabber.samples(path: path, sampleRate: rate, channels: 2)[0]
    let middle = samples[Int(3.45 * Double(rate))..<Int(3.55 * Double(rate))]
    let before = samples[Int(1 * Double(rate))..<Int(2 * Double(rate))]
    let after = samples[Int(4.5 * Double(rate))..<Int(5.5 * Double(rate))]
    // Equal power: each side at cos(π/4) ≈ 0.707 of its own level in the middle.
    XCTAssertEqual(
      Tone.amplitude(of: 440, in: middle, sampleRate: rate) / Tone.amplitude(of: 440, in: before, sampleRate: rate),
      0.707,
      accuracy: 0.07)
    XCTAssertEqual(
      Tone.amplitude(of: 1000, in: middle, sampleRate: rate) / Tone.amplitude(of: 1000, in: after, sampleRate: rate),
      0.707,
      accuracy: 0.07)
  }

  func testFadeThroughBlack() throws {
    var recipe = ConcatRecipe(clips: [try clip(0, "base.mp4"), try clip(1, "overlay.mp4")])
    recipe.transition = .fadeBlack(s("1"))
    recipe.export.preset = "ultrafast"
    recipe.export.crf = 12
    let (path, report) = try RenderHelpers.render(recipe.makeComposition())
    XCTAssertEqual(report.duration, s("6"))
    let base = try XCTUnwrap(RenderHelpers.pictures(FixtureFiles.path("base.mp4"), at: [s("1")])[0].yuv(x: 5, y: 5))
    let overlay = try XCTUnwrap(
      RenderHelpers.pictures(FixtureFiles.path("overlay.mp4"), at: [s("1")])[0].yuv(x: 5, y: 5))
    let black = (y: 16, u: 128, v: 128)
    // The joint is [3, 4): clip 1 fades out over [3, 3.5), clip 2 fades in over [3.5, 4). Frames at 3.2 and 3.8 s
    // are 0.2 s from the fades' far ends: opacity 0.6.
    let pictures = try RenderHelpers.pictures(path, at: ["3.2", "3.5", "3.8", "4.5"].map(s))
    RenderHelpers.assertPixel(pictures[0], 100, 100, near: RenderHelpers.blend(black, base, 0.6), "fading out")
    RenderHelpers.assertPixel(pictures[1], 100, 100, near: black, "black between the clips")
    RenderHelpers.assertPixel(pictures[2], 100, 100, near: RenderHelpers.blend(black, overlay, 0.6), "fading in")
    RenderHelpers.assertPixel(pictures[3], 100, 100, near: overlay, "clip 2")
    let rate = 48000
    let samples = try AudioGrabber.samples(path: path, sampleRate: rate, channels: 2)[0]
    XCTAssertLessThan(Tone.rms(samples[Int(3.48 * Double(rate))..<Int(3.52 * Double(rate))]), 0.01, "silence between")
  }

  /// Twenty-four clips of 1.037 s (not whole frames at 25 or 30 fps), at 25/30 fps and 44.1/48 kHz, each
  /// beginning with a white frame and a beep: every clip's white frame and beep land within one output frame of
  /// the exact sum of the durations before it.
  func testSyncHoldsAcrossTwentyFourJoins() throws {
    let names = ["sync-25-44100.mp4", "sync-30-48000.mp4", "sync-30-44100.mp4", "sync-25-48000.mp4"]
    let clips = try (0..<24).map { try clip($0, names[$0 % 4], start: "0", end: "1.037") }
    var recipe = ConcatRecipe(clips: clips)
    recipe.frameDuration = s("1/30")
    recipe.export.preset = "ultrafast"
    let (path, report) = try RenderHelpers.render(recipe.makeComposition())
    let total = s("1.037") * 24
    XCTAssertEqual(report.duration, s("747/30"), "ceil(24 × 1.037 s × 30) frames")
    XCTAssertLessThan(report.duration - total, s("1/30"))
    XCTAssertGreaterThanOrEqual(report.duration, total)

    // The first output frame of each white run.
    let grabber = try PictureGrabber(path: path)
    var whiteStarts: [MediaTime] = []
    var wasWhite = false
    for n in 0..<report.videoFrames {
      let picture = try XCTUnwrap(grabber.picture(at: s("1/30") * n))
      let white = (picture.yuv(x: 80, y: 60)?.y ?? 0) > 128
      if white && !wasWhite { whiteStarts.append(s("1/30") * n) }
      wasWhite = white
    }
    // The first sample of each beep (after a quiet stretch).
    let rate = 48000
    let audio = try AudioGrabber.samples(path: path, sampleRate: rate, channels: 2)[0]
    var beepStarts: [MediaTime] = []
    var lastLoud = -rate
    for (i, v) in audio.enumerated() where abs(v) > 0.05 {
      if i - lastLoud > rate / 2 { beepStarts.append(MediaTime.ticks(Int64(i), rate: rate)) }
      lastLoud = i
    }
    XCTAssertEqual(whiteStarts.count, 24)
    XCTAssertEqual(beepStarts.count, 24)
    let frame = s("1/30")
    for k in 0..<min(24, whiteStarts.count, beepStarts.count) {
      let start = s("1.037") * Int64(k)
      XCTAssertGreaterThanOrEqual(whiteStarts[k], start, "clip \(k) white frame")
      XCTAssertLessThan(whiteStarts[k] - start, frame, "clip \(k) white frame")
      XCTAssertLessThan(abs((beepStarts[k] - start).seconds), frame.seconds, "clip \(k) beep")
      XCTAssertLessThan(abs((beepStarts[k] - whiteStarts[k]).seconds), frame.seconds, "clip \(k) picture and sound")
    }
  }

  /// Each clip's reader numbers its pictures from 1: a scaled picture kept for the track must not survive into
  /// the next clip.
  func testOnePictureClipsDoNotShowEachOther() throws {
    var recipe = ConcatRecipe(clips: [try clip(0, "still-red.mp4"), try clip(1, "still-blue.mp4")])
    recipe.renderSize = PixelSize(width: 320, height: 240)
    recipe.frameDuration = s("1/10")
    recipe.export.preset = "ultrafast"
    let (path, report) = try RenderHelpers.render(recipe.makeComposition())
    XCTAssertEqual(report.videoFrames, 20)
    let pictures = try RenderHelpers.pictures(path, at: [s("0.5"), s("1.5")])
    let red = try XCTUnwrap(pictures[0].yuv(x: 160, y: 120))
    let blue = try XCTUnwrap(pictures[1].yuv(x: 160, y: 120))
    XCTAssertGreaterThan(red.v, 200, "first clip red")
    XCTAssertGreaterThan(blue.u, 200, "second clip blue")
  }

  /// The upright 80x160 clip in a 320x240 frame: cover fills and crops, stretch fills and distorts.
  func testFitCoverAndStretch() throws {
    let split = try RenderHelpers.pictures(FixtureFiles.path("split.mp4"), at: [s("0.5")])[0]
    let green = try XCTUnwrap(split.yuv(x: 40, y: 40))
    let magenta = try XCTUnwrap(split.yuv(x: 120, y: 40))
    for fit in [FitMode.cover, .stretch] {
      var recipe = ConcatRecipe(clips: [try clip(0, "rotated-cw.mp4")])
      recipe.renderSize = PixelSize(width: 320, height: 240)
      recipe.fit = fit
      recipe.export.preset = "ultrafast"
      recipe.export.crf = 12
      let picture = try RenderHelpers.pictures(RenderHelpers.render(recipe.makeComposition()).path, at: [s("0.5")])[0]
      // Cover scales by 4 (320x640, 200 px cut above and below); stretch by 4 and 1.5. Either way no bars, green
      // above the middle and magenta below.
      RenderHelpers.assertPixel(picture, 5, 5, near: green, "\(fit): top-left corner, no bar")
      RenderHelpers.assertPixel(picture, 314, 100, near: green, "\(fit): right edge, upper half")
      RenderHelpers.assertPixel(picture, 5, 140, near: magenta, "\(fit): left edge, lower half")
      RenderHelpers.assertPixel(picture, 314, 234, near: magenta, "\(fit): bottom-right corner, no bar")
    }
  }

  /// Interlaced fields caught a moving bar 8 px apart: shown at twice the size, the bar's edges must be straight
  /// (every line shows it at the same place, 32 px wide), not combed.
  func testInterlacedClipComesOutWithoutCombing() throws {
    var recipe = ConcatRecipe(clips: [try clip(0, "interlaced.mp4")])
    recipe.renderSize = PixelSize(width: 320, height: 240)
    recipe.export.preset = "ultrafast"
    recipe.export.crf = 12
    let (path, report) = try RenderHelpers.render(recipe.makeComposition())
    XCTAssertEqual(report.videoFrames, 25)
    for picture in try RenderHelpers.pictures(path, at: ["0.08", "0.48", "0.88"].map(s)) {
      var runs: [Int: Range<Int>] = [:]
      for y in 100..<116 {
        let bright = (0..<320).filter { (picture.yuv(x: $0, y: y)?.y ?? 0) > 126 }
        guard let first = bright.first, let last = bright.last else { return XCTFail("no bar on line \(y)") }
        runs[y] = first..<(last + 1)
      }
      let reference = try XCTUnwrap(runs[100])
      XCTAssertEqual(reference.count, 32, accuracy: 2, "bar width at \(picture.time)")
      for (y, run) in runs.sorted(by: { $0.key < $1.key }) {
        XCTAssertEqual(run.lowerBound, reference.lowerBound, accuracy: 1, "left edge on line \(y) at \(picture.time)")
        XCTAssertEqual(run.upperBound, reference.upperBound, accuracy: 1, "right edge on line \(y) at \(picture.time)")
      }
    }
  }

  /// An HLG clip comes out as SDR: its reference-white grey near SDR white (Y 226, not the 179 its signal level
  /// would give read as SDR), its BT.2020 green a saturated BT.709 green.
  func testHLGClipIsMappedToSDR() throws {
    var recipe = ConcatRecipe(clips: [try clip(0, "hlg.mp4")])
    recipe.export.preset = "ultrafast"
    recipe.export.crf = 12
    let (path, report) = try RenderHelpers.render(recipe.makeComposition())
    XCTAssertEqual(report.videoFrames, 25)
    let picture = try RenderHelpers.pictures(path, at: [s("0.5")])[0]
    RenderHelpers.assertPixel(picture, 40, 60, near: (226, 128, 128), "reference-white grey")
    let green = try XCTUnwrap(picture.yuv(x: 120, y: 60))
    XCTAssertEqual(green.y, 144, accuracy: 4)
    XCTAssertLessThan(green.u, 70)
    XCTAssertLessThan(green.v, 50)
  }

  /// Sound that starts 12 s into its file is placed there: silence first, laid as it is read.
  func testLateAudioKeepsItsPlace() throws {
    var recipe = ConcatRecipe(clips: [try clip(0, "late-audio.mp4")])
    recipe.export.preset = "ultrafast"
    let (path, report) = try RenderHelpers.render(recipe.makeComposition())
    XCTAssertEqual(report.duration, s("14"))
    let rate = 48000
    let samples = try AudioGrabber.samples(path: path, sampleRate: rate, channels: 2)[0]
    XCTAssertEqual(Double(samples.count), 14 * Double(rate), accuracy: 1024)
    XCTAssertLessThan(Tone.rms(samples[0..<Int(11.9 * Double(rate))]), 0.001, "silence before 12 s")
    let tone = samples[Int(12.1 * Double(rate))..<Int(13.9 * Double(rate))]
    XCTAssertGreaterThan(Tone.amplitude(of: 660, in: tone, sampleRate: rate), 0.05, "the tone from 12 s")
  }

  func testTrimOutsideTheClipIsRefused() throws {
    let recipe = ConcatRecipe(clips: [try clip(0, "base.mp4", start: "5")])
    XCTAssertThrowsError(try recipe.makeComposition()) { error in
      XCTAssertEqual(
        (error as? ConcatError)?.description,
        "\(FixtureFiles.path("base.mp4")): the trim starts at 5.000 s, but the clip lasts 4.000 s")
    }
  }
}
