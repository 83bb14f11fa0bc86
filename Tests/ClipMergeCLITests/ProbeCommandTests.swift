import Foundation
import TestSupport
import XCTest

@testable import ClipMergeCLI
@testable import Engine

/// `clipmerge probe`: text and JSON, through the built binary.
final class ProbeCommandTests: XCTestCase {
  /// `probe --json` of `paths`: its standard output parsed as one JSON document (an object for one file, an
  /// array for several).
  func probeJSON(_ paths: [String]) throws -> (code: Int32, objects: [[String: Any]], stderr: String) {
    let result = try InProcessClipMerge.run(["probe", "--json"] + paths)
    let document = try JSONSerialization.jsonObject(with: result.output)
    let objects = paths.count == 1 ? [document as? [String: Any]].compactMap { $0 } : document as? [[String: Any]]
    return (result.code, try XCTUnwrap(objects, result.stdout), result.stderr)
  }

  /// Python's json.loads (not our encoder's reader) reads `probe --json` of three files, one of them missing, as
  /// one array in the files' order; one file is one object.
  func testJSONOfSeveralFilesIsOneArray() throws {
    let files = [FixtureFiles.path("base.mp4"), "/nonexistent/x.mp4", FixtureFiles.path("overlay.mp4")]
    let result = try InProcessClipMerge.run(["probe", "--json"] + files)
    XCTAssertEqual(result.code, 66, result.stderr)
    XCTAssertEqual(result.stderr, "clipmerge: error: /nonexistent/x.mp4: no such file\n")
    let summary = try ClipmergeProcess.capture(
      URL(fileURLWithPath: "/usr/bin/python3"),
      [
        "-c",
        "import json,sys; d=json.loads(sys.stdin.read()); "
          + "print(type(d).__name__, [(e['path'], e.get('duration'), e.get('error')) for e in d])",
      ], input: result.output)
    XCTAssertEqual(summary.code, 0, summary.stderr)
    XCTAssertEqual(
      summary.stdout,
      "list [('\(files[0])', 4, None), ('/nonexistent/x.mp4', None, '/nonexistent/x.mp4: no such file'), "
        + "('\(files[2])', 3, None)]\n")
    let one = try InProcessClipMerge.run(["probe", "--json", files[0]])
    XCTAssertTrue(try JSONSerialization.jsonObject(with: one.output) is [String: Any], one.stdout)
  }

  func testJSONDescribesEveryStream() throws {
    let (code, objects, _) = try probeJSON([FixtureFiles.path("base.mp4"), FixtureFiles.path("rotated-cw.mp4")])
    XCTAssertEqual(code, 0)
    XCTAssertEqual(objects.count, 2)
    let base = objects[0]
    XCTAssertEqual(base["duration"] as? Double, 4)
    let streams = try XCTUnwrap(base["streams"] as? [[String: Any]])
    XCTAssertEqual(streams.count, 2)
    XCTAssertEqual(streams[0]["type"] as? String, "video")
    XCTAssertEqual(streams[0]["codec"] as? String, "h264")
    XCTAssertEqual(streams[0]["width"] as? Int, 320)
    XCTAssertEqual(streams[0]["displayHeight"] as? Int, 240)
    XCTAssertEqual(streams[0]["frameRate"] as? String, "30")
    XCTAssertEqual(streams[0]["variableFrameRate"] as? Bool, false)
    XCTAssertEqual(streams[0]["pixelFormat"] as? String, "yuv420p")
    XCTAssertNil(streams[0]["hdr"], "SDR")
    XCTAssertEqual(streams[1]["type"] as? String, "audio")
    XCTAssertEqual(streams[1]["sampleRate"] as? Int, 48000)
    XCTAssertEqual(streams[1]["channels"] as? Int, 2)
    XCTAssertEqual(streams[1]["channelLayout"] as? String, "stereo")
    let rotated = try XCTUnwrap((objects[1]["streams"] as? [[String: Any]])?.first)
    XCTAssertEqual(rotated["rotation"] as? Int, 90)
    XCTAssertEqual(rotated["mirrored"] as? Bool, false)
    XCTAssertEqual(rotated["width"] as? Int, 160)
    XCTAssertEqual(rotated["displayWidth"] as? Int, 80)
    XCTAssertEqual(rotated["displayHeight"] as? Int, 160)
  }

  func testHDRAndInterlacedVideoAreNamed() throws {
    let (code, objects, _) = try probeJSON([FixtureFiles.path("hlg.mp4"), FixtureFiles.path("interlaced.mp4")])
    XCTAssertEqual(code, 0)
    let hlg = try XCTUnwrap((objects[0]["streams"] as? [[String: Any]])?.first)
    XCTAssertEqual(hlg["colorTransfer"] as? String, "arib-std-b67")
    XCTAssertEqual(hlg["hdr"] as? String, "hlg")
    XCTAssertEqual(hlg["pixelFormat"] as? String, "yuv420p10le")
    let interlaced = try XCTUnwrap((objects[1]["streams"] as? [[String: Any]])?.first)
    XCTAssertEqual(interlaced["fieldOrder"] as? String, "tt")
    XCTAssertNil(interlaced["hdr"])
    let text = try InProcessClipMerge.run(["probe", FixtureFiles.path("hlg.mp4"), FixtureFiles.path("interlaced.mp4")])
    XCTAssertTrue(text.stdout.contains("HDR (HLG)"), text.stdout)
    XCTAssertTrue(text.stdout.contains("interlaced (tt)"), text.stdout)
  }

  func testTextAndErrorsPerFile() throws {
    let result = try InProcessClipMerge.run(["probe", FixtureFiles.path("rotated-ccw.mp4"), "/no/file.mp4"])
    XCTAssertEqual(result.code, 66)
    XCTAssertTrue(
      result.stdout.contains("video h264 (used), 160x80 shown as 80x160, rotated 270° clockwise, 30 fps"), result.stdout
    )
    XCTAssertEqual(result.stderr, "clipmerge: error: /no/file.mp4: no such file\n")
    let bad = try InProcessClipMerge.run(["probe", FixtureFiles.path("not-media.mp4")])
    XCTAssertEqual(bad.code, 65)
  }

  func testVariableFrameRateOfRealClips() throws {
    let media = try FixtureFiles.sharedMedia()
    let expected = [
      "sample_android_slow_motion.mp4": true, "mv_with_2_top_shots.mp4": true, "sample.mp4": false,
      "portrait_4k60.mp4": false, "roadtrip-vp92-10bit.webm": false,
    ]
    for (name, variable) in expected {
      let report = try MediaProbe.report(media.appendingPathComponent(name).path)
      XCTAssertEqual(report.streams.first { $0.selected && $0.type == "video" }?.variableFrameRate, variable, name)
    }
  }
}
