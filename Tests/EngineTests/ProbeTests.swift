import Composition
import Engine
import TestSupport
import XCTest

final class ProbeTests: XCTestCase {
  func testProbesGeneratedClip() throws {
    let info = try MediaProbe.probe(FixtureFiles.path("base.mp4"))
    XCTAssertEqual(info.duration, MediaTime(seconds: 4))
    let video = try XCTUnwrap(info.video)
    XCTAssertEqual(video.codec, "h264")
    XCTAssertEqual([video.width, video.height], [320, 240])
    XCTAssertEqual(video.nominalFrameDuration, MediaTime(value: 1, timescale: 30))
    XCTAssertEqual(video.orientation, .upright)
    let audio = try XCTUnwrap(info.audio)
    XCTAssertEqual([audio.sampleRate, audio.channels], [48000, 2])
    XCTAssertEqual(audio.layout, "stereo")
  }

  func testReadsDisplayMatrixAsOrientation() throws {
    let cw = try XCTUnwrap(MediaProbe.probe(FixtureFiles.path("rotated-cw.mp4")).video)
    XCTAssertEqual(cw.orientation, Orientation(quarterTurns: 1))
    XCTAssertEqual(cw.displaySize, PixelSize(width: 80, height: 160))
    let ccw = try XCTUnwrap(MediaProbe.probe(FixtureFiles.path("rotated-ccw.mp4")).video)
    XCTAssertEqual(ccw.orientation, Orientation(quarterTurns: 3))
  }

  func testAudioOnlyFileHasNoVideo() throws {
    let info = try MediaProbe.probe(FixtureFiles.path("audio-only.m4a"))
    XCTAssertNil(info.video)
    XCTAssertEqual(info.audio?.sampleRate, 48000)
  }

  func testMissingFileIsUnreadable() {
    XCTAssertThrowsError(try MediaProbe.probe("/nonexistent/clip.mp4")) { error in
      guard case .inputUnreadable(let path, let reason) = error as? EngineError else { return XCTFail("\(error)") }
      XCTAssertEqual(path, "/nonexistent/clip.mp4")
      XCTAssertEqual(reason, "no such file")
    }
  }

  func testDirectoryIsUnreadable() {
    XCTAssertThrowsError(try MediaProbe.probe(FixtureFiles.temporaryFolder().path)) { error in
      guard case .inputUnreadable(_, let reason) = error as? EngineError else { return XCTFail("\(error)") }
      XCTAssertEqual(reason, "is a directory, not a media file")
    }
  }

  func testTextFileIsNotMedia() {
    let path = FixtureFiles.path("not-media.mp4")
    XCTAssertThrowsError(try MediaProbe.probe(path)) { error in
      guard case .invalidInput(let p, let reason) = error as? EngineError else { return XCTFail("\(error)") }
      XCTAssertEqual(p, path)
      XCTAssertTrue(reason.hasPrefix("not a media file clipmerge can read"), reason)
    }
  }

  func testRealPhoneClipsOrientation() throws {
    let media = try FixtureFiles.sharedMedia()
    let expected: [(String, Orientation, PixelSize)] = [
      ("portrait_4k60.mp4", Orientation(quarterTurns: 1), PixelSize(width: 2160, height: 3840)),
      ("mv_with_2_top_shots.mp4", Orientation(quarterTurns: 3), PixelSize(width: 1080, height: 1440)),
      ("pixel-motion-photo-2-hevc-tracks.mp4", Orientation(quarterTurns: 1), PixelSize(width: 768, height: 1024)),
      ("sample.mp4", .upright, PixelSize(width: 1080, height: 720)),
      ("bbb_800x640_768kbps_30fps_avc_pyramid_3b.mp4", .upright, PixelSize(width: 1138, height: 640)),
    ]
    for (name, orientation, size) in expected {
      let video = try XCTUnwrap(MediaProbe.probe(media.appendingPathComponent(name).path).video, name)
      XCTAssertEqual(video.orientation, orientation, name)
      XCTAssertEqual(video.displaySize, size, name)
    }
  }
}
