import Composition
import Engine
import TestSupport
import XCTest

/// The real-world clips of ../shared/media (skipped, saying so, where that folder is absent).
final class RealMediaTests: XCTestCase {
  func media() throws -> URL {
    let media = try FixtureFiles.sharedMedia()
    return media
  }

  func source(_ id: Int, _ name: String) throws -> Source {
    let path = try media().appendingPathComponent(name).path
    return Source(id: SourceID(id), path: path, info: try MediaProbe.probe(path))
  }

  /// Phone clips with rotation metadata (-90 and +90), HEVC, VFR, VP9 10-bit and AV1 join into a landscape frame;
  /// the portrait ones come out upright, so pillarboxed (bars left and right), not stretched sideways.
  func testRotatedVFRAndModernCodecsJoinUpright() throws {
    let names = [
      "portrait_4k60.mp4", "mv_with_2_top_shots.mp4", "pixel-motion-photo-2-hevc-tracks.mp4",
      "sample_android_slow_motion.mp4", "roadtrip-vp92-10bit.webm", "sample_av1.mkv", "h265_bframes.mp4",
    ]
    let clips = try names.enumerated().map { ConcatRecipe.Clip(source: try source($0.offset, $0.element)) }
    var recipe = ConcatRecipe(clips: clips)
    recipe.renderSize = PixelSize(width: 640, height: 360)
    recipe.frameDuration = MediaTime(value: 1, timescale: 30)
    recipe.export.preset = "ultrafast"
    // What is checked is where the pictures land, in the 8-bit SDR a named H.264 gives (with no codec named,
    // sample_av1.mkv's HLG would make it HEVC 10-bit, each 4K picture placed into HLG).
    recipe.export.videoCodec = .h264
    let composition = try recipe.makeComposition()
    let (path, report) = try RenderHelpers.render(composition)
    let total = clips.map(\.source.info.duration).reduce(MediaTime.zero, +)
    XCTAssertEqual(
      report.duration, MediaTime.ticks(total.count(of: MediaTime.ticks(1, rate: 30), rounding: .up), rate: 30))
    // Sample each portrait clip half-way through its place in the output.
    let starts = composition.tracks[0].segments.map(\.compositionRange)
    let grabber = try PictureGrabber(path: path)
    for index in 0..<3 {
      let middle = starts[index].start + starts[index].duration.multiplied(by: 1, dividedBy: 2)
      let picture = try XCTUnwrap(grabber.picture(at: middle))
      XCTAssertEqual(picture.yuv(x: 20, y: 180)?.y ?? 0, 16, accuracy: 3, "\(names[index]): bar on the left")
      XCTAssertEqual(picture.yuv(x: 620, y: 180)?.y ?? 0, 16, accuracy: 3, "\(names[index]): bar on the right")
      let centre = (280..<360).compactMap { picture.yuv(x: $0, y: 180)?.y }
      XCTAssertGreaterThan(centre.max() ?? 0, 40, "\(names[index]): a picture in the middle")
    }
  }

  func testDamagedClipsRenderWithWarningsNotCrashes() throws {
    // Not one picture of the broken VP9 decodes (the ffmpeg CLI decodes none either): refused, not shown as black.
    let broken = try media().appendingPathComponent("invalid-bitstream.webm").path
    XCTAssertThrowsError(try MediaProbe.probe(broken)) { error in
      XCTAssertEqual(
        "\(error)", "\(broken): no picture of its video decodes (damaged data, or a size it does not have)")
    }
    for name in ["sample_with_invalid_nalu.mp4", "fate_direct-bff.mkv"] {
      var recipe = ConcatRecipe(clips: [ConcatRecipe.Clip(source: try source(0, name))])
      recipe.renderSize = PixelSize(width: 320, height: 240)
      recipe.export.preset = "ultrafast"
      let composition = try recipe.makeComposition()
      let (path, report) = try RenderHelpers.render(composition)
      // Whole and in time despite the damage: every frame of the clip's length is there. A clip whose stamps
      // leave a gap (fate_direct-bff.mkv's pictures jump from 0.300 s to 0.400 s) is variable: one frame a
      // picture (ffprobe's count), the one before the gap lasting until the next.
      let pictures = try ClipmergeProcess.runTool(
        "ffprobe",
        [
          "-v", "error", "-select_streams", "v:0", "-count_packets", "-show_entries", "stream=nb_read_packets",
          "-of", "csv=p=0", composition.sources[0].path,
        ]
      ).trimmingCharacters(in: .whitespacesAndNewlines)
      let expected =
        composition.framesFollowSources
        ? Int64(pictures) : composition.video?.frameCount(covering: composition.duration)
      XCTAssertEqual(report.videoFrames, expected, name)
      XCTAssertEqual(report.duration, composition.duration, name)
      XCTAssertEqual(try PictureGrabber.frameTimes(path: path).count, Int(expected ?? 0), name)
    }
  }
}
