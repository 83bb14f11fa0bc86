import Foundation
import TestSupport
import XCTest

/// HDR by default: with an HDR clip and no codec named, the output is HEVC 10-bit in the clip's transfer and
/// BT.2020 (`hvc1` in MP4 and QuickTime, PQ's mastering and light levels in the track), VP9 10-bit in WebM;
/// `--hdr sdr` or an 8-bit codec maps to SDR with a note saying why. Checked with ffprobe.
final class HDRDefaultCodecTests: FolderTestCase {
  private func facts(_ path: String) throws -> String {
    try ClipmergeProcess.runTool(
      "ffprobe",
      [
        "-v", "error", "-select_streams", "v:0", "-show_entries",
        "stream=codec_name,codec_tag_string,pix_fmt,color_transfer,color_primaries:stream_side_data=side_data_type",
        "-of", "default=nw=1", path,
      ])
  }

  func testAnHLGClipWithNoCodecNamedIsHEVCTenBitHLG() throws {
    let phone = FixtureFiles.path("phone.mp4")
    for name in ["plain.mp4", "plain.mov", "plain.mkv"] {
      let output = out(name)
      let result = try ClipmergeProcess.run(["concat", phone, "--no-smart", "-o", output])
      XCTAssertEqual(result.code, 0, result.stderr)
      XCTAssertFalse(result.stderr.contains("SDR"), result.stderr)
      let stream = try facts(output)
      var expected = [
        "codec_name=hevc", "pix_fmt=yuv420p10le", "color_transfer=arib-std-b67", "color_primaries=bt2020",
      ]
      if !name.hasSuffix(".mkv") { expected.append("codec_tag_string=hvc1") }
      for fact in expected { XCTAssertTrue(stream.contains(fact), "\(name): \(fact) in\n\(stream)") }
    }
    let plan = try ClipmergeProcess.run(["concat", phone, "--no-smart", "-o", out("plan.mp4"), "--dry-run"])
    XCTAssertTrue(plan.stdout.hasPrefix("output: \(out("plan.mp4")), mp4, hevc 320x180 at 30 fps"), plan.stdout)
  }

  func testAPQClipKeepsItsMasteringAndLightLevelsInMatroska() throws {
    let output = out("pq.mkv")
    let result = try ClipmergeProcess.run(["concat", FixtureFiles.path("pq.mp4"), "-o", output])
    XCTAssertEqual(result.code, 0, result.stderr)
    let stream = try facts(output)
    for fact in [
      "codec_name=hevc", "pix_fmt=yuv420p10le", "color_transfer=smpte2084",
      "side_data_type=Mastering display metadata", "side_data_type=Content light level metadata",
    ] {
      XCTAssertTrue(stream.contains(fact), "\(fact) in\n\(stream)")
    }
  }

  func testWebMKeepsHDRInVP9AndSDRIsAskedForOrNamed() throws {
    let phone = FixtureFiles.path("phone.mp4")
    let webm = out("phone.webm")
    let kept = try ClipmergeProcess.run(["concat", phone, "-o", webm])
    XCTAssertEqual(kept.code, 0, kept.stderr)
    let vp9 = try facts(webm)
    XCTAssertTrue(vp9.contains("codec_name=vp9") && vp9.contains("color_transfer=arib-std-b67"), vp9)

    let asked = try ClipmergeProcess.run(["concat", phone, "--no-smart", "--hdr", "sdr", "-o", out("sdr.mp4")])
    XCTAssertEqual(asked.code, 0, asked.stderr)
    XCTAssertTrue(asked.stderr.contains("clipmerge: note: HDR clips are mapped to SDR: --hdr sdr\n"), asked.stderr)
    let sdr = try facts(out("sdr.mp4"))
    XCTAssertTrue(sdr.contains("codec_name=h264") && sdr.contains("pix_fmt=yuv420p\n"), sdr)

    let named = try ClipmergeProcess.run(
      ["concat", phone, "--no-smart", "--video-codec", "h264", "-o", out("named.mp4")])
    XCTAssertEqual(named.code, 0, named.stderr)
    XCTAssertTrue(
      named.stderr.contains("clipmerge: note: HDR clips are mapped to SDR: h264 output is SDR"), named.stderr)
    XCTAssertTrue(try facts(out("named.mp4")).contains("codec_name=h264"))
  }
}
