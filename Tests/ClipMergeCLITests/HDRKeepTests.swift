import Foundation
import TestSupport
import XCTest

/// HDR kept, checked from outside (ffprobe and the ffmpeg CLI's decode): an HLG clip joined or trimmed into an
/// output codec that can carry HDR stays 10-bit with its transfer and BT.2020 colours, its gradient in more
/// levels than 8 bits have; `--hdr sdr`, H.264 output and frames the compositor draws are SDR, with a note
/// saying why.
final class HDRKeepTests: XCTestCase {
  private var folder: URL!

  override func setUp() {
    folder = FixtureFiles.temporaryFolder()
  }

  override func tearDown() {
    try? FileManager.default.removeItem(at: folder)
  }

  private func out(_ name: String) -> String { folder.appendingPathComponent(name).path }

  private func stream(_ path: String) throws -> String {
    try ClipmergeProcess.runTool(
      "ffprobe",
      [
        "-v", "error", "-select_streams", "v:0", "-show_entries",
        "stream=codec_name,pix_fmt,color_transfer,color_primaries,color_space", "-of", "default=nw=1", path,
      ])
  }

  /// The distinct 10-bit luma levels of row 10 of the first picture, as the ffmpeg CLI decodes it.
  private func levels(_ path: String) throws -> Int {
    let decoded = try ClipmergeProcess.capture(
      URL(fileURLWithPath: "/usr/bin/env"),
      [
        "ffmpeg", "-nostdin", "-v", "error", "-i", path, "-frames:v", "1", "-vf", "crop=1024:2:0:10", "-f",
        "rawvideo", "-pix_fmt", "yuv420p10le", "-",
      ])
    XCTAssertEqual(decoded.code, 0, decoded.stderr)
    let bytes = [UInt8](decoded.output)
    guard bytes.count >= 2048 else { throw CheckError("\(path): a short decode (\(bytes.count) bytes)") }
    return Set((0..<1024).map { UInt16(bytes[2 * $0]) | UInt16(bytes[2 * $0 + 1]) << 8 }).count
  }

  /// The check, `concat hdr.mp4 --video-codec hevc -o out.mp4`, on hlg.mp4 and on a 10-bit ramp; VP9, AV1
  /// and ProRes keep it too.
  func testAnHLGClipStaysHDRAtTenBits() throws {
    let output = out("out.mp4")
    let result = try ClipmergeProcess.run(
      ["concat", FixtureFiles.path("hlg.mp4"), "--video-codec", "hevc", "-o", output])
    XCTAssertEqual(result.code, 0, result.stderr)
    XCTAssertFalse(result.stderr.contains("SDR"), result.stderr)
    let facts = try stream(output)
    for fact in [
      "codec_name=hevc", "pix_fmt=yuv420p10le", "color_transfer=arib-std-b67", "color_primaries=bt2020",
      "color_space=bt2020nc",
    ] {
      XCTAssertTrue(facts.contains(fact), "\(fact) in\n\(facts)")
    }
    let ramp = out("ramp.mp4")
    XCTAssertEqual(
      try ClipmergeProcess.run(
        ["concat", FixtureFiles.path("hlg-gradient.mp4"), "--video-codec", "hevc", "-o", ramp]
      ).code, 0)
    XCTAssertEqual(try levels(FixtureFiles.path("hlg-gradient.mp4")), 876)
    XCTAssertGreaterThan(try levels(ramp), 600, "the ramp keeps far more levels than 8 bits' 220")
    for (codec, name, format) in [
      ("vp9", "out.webm", "yuv420p10le"), ("av1", "out.mkv", "yuv420p10le"), ("prores", "out.mov", "yuv422p10le"),
    ] {
      let path = out(name)
      let made = try ClipmergeProcess.run(
        ["concat", FixtureFiles.path("hlg.mp4"), "--video-codec", codec, "-o", path])
      XCTAssertEqual(made.code, 0, made.stderr)
      let facts = try stream(path)
      for fact in ["pix_fmt=\(format)", "color_transfer=arib-std-b67", "color_primaries=bt2020"] {
        XCTAssertTrue(facts.contains(fact), "\(codec): \(fact) in\n\(facts)")
      }
    }
  }

  /// An HDR10 clip's metadata, which its pictures carry in their SEI (mastering display, content light level),
  /// is in the output's pictures again, as ffprobe reads them, whether the render is full or smart; in a smart
  /// render every keyframe, the re-encoded runs' too, carries the SEI itself.
  func testHDR10MetadataIsWrittenAgain() throws {
    let pq = FixtureFiles.path("pq.mp4")
    let full = out("full.mp4")
    let smart = out("smart.mp4")
    XCTAssertEqual(try ClipmergeProcess.run(["concat", pq, "--video-codec", "hevc", "-o", full]).code, 0)
    let trimmed = try ClipmergeProcess.run(
      ["concat", pq + "#t=0.12,0.88", "--smart", "-o", smart])
    XCTAssertEqual(trimmed.code, 0, trimmed.stderr)
    XCTAssertTrue(trimmed.stderr.contains("clipmerge: note: smart render: "), trimmed.stderr)
    // Every keyframe of the smart output, copied or x265's, carries the SEI itself (ffmpeg's trace_headers).
    let trace = try ClipmergeProcess.capture(
      URL(fileURLWithPath: "/usr/bin/env"),
      ["ffmpeg", "-nostdin", "-hide_banner", "-i", smart, "-c", "copy", "-bsf:v", "trace_headers", "-f", "null", "-"])
    XCTAssertEqual(trace.code, 0, trace.stderr)
    let packets = trace.stderr.components(separatedBy: "Packet: ").dropFirst()
    let keyframes = packets.filter { $0.prefix(80).contains("key frame") }
    XCTAssertGreaterThanOrEqual(keyframes.count, 3, "re-encoded and copied keyframes")
    for packet in keyframes {
      XCTAssertTrue(packet.contains("Mastering Display Colour Volume"), String(packet.prefix(80)))
      XCTAssertTrue(packet.contains("Content Light Level"), String(packet.prefix(80)))
    }
    for path in [full, smart] {
      XCTAssertTrue(try stream(path).contains("color_transfer=smpte2084"), path)
      let sideData = try ClipmergeProcess.runTool(
        "ffprobe",
        [
          "-v", "error", "-select_streams", "v:0", "-read_intervals", "%+#1", "-show_entries", "frame_side_data",
          "-of", "default=nw=1", path,
        ])
      for fact in [
        "red_x=35400/50000", "green_y=39850/50000", "white_point_x=15635/50000", "max_luminance=10000000/10000",
        "min_luminance=50/10000", "max_content=1000", "max_average=400",
      ] {
        XCTAssertTrue(sideData.contains(fact), "\(path): \(fact) in\n\(sideData)")
      }
    }
  }

  /// `--hdr sdr` maps to 8-bit SDR without a note; H.264 output and a layer drawn over the clip are SDR with a
  /// note that says why; `--dry-run` says what becomes of the HDR.
  func testSDRWhenAskedForOrWhenTheOutputCannotCarryIt() throws {
    let ramp = FixtureFiles.path("hlg-gradient.mp4")
    let sdr = out("sdr.mp4")
    let asked = try ClipmergeProcess.run(["concat", ramp, "--video-codec", "hevc", "--hdr", "sdr", "-o", sdr])
    XCTAssertEqual(asked.code, 0, asked.stderr)
    XCTAssertFalse(asked.stderr.contains("note"), asked.stderr)
    XCTAssertTrue(try stream(sdr).contains("pix_fmt=yuv420p\n"))
    XCTAssertLessThanOrEqual(try levels(sdr), 256)

    let h264 = try ClipmergeProcess.run(["concat", ramp, "-o", out("h264.mp4")])
    XCTAssertEqual(h264.code, 0, h264.stderr)
    XCTAssertTrue(
      h264.stderr.contains(
        "clipmerge: note: HDR clips are mapped to SDR: h264 output is SDR; hevc, vp9, av1 or prores keep HDR"),
      h264.stderr)

    let mixed = out("mixed.mp4")
    let joined = try ClipmergeProcess.run(
      ["concat", FixtureFiles.path("hlg.mp4"), FixtureFiles.path("tiny.mp4"), "--video-codec", "hevc", "-o", mixed])
    XCTAssertEqual(joined.code, 0, joined.stderr)
    XCTAssertTrue(
      joined.stderr.contains("clipmerge: note: HDR clips are mapped to SDR: SDR and HDR clips are mixed"),
      joined.stderr)
    XCTAssertTrue(try stream(mixed).contains("pix_fmt=yuv420p\n"))

    let plan = try ClipmergeProcess.run(["concat", ramp, "--video-codec", "hevc", "--dry-run"])
    XCTAssertTrue(plan.stdout.contains("hdr: kept: arib-std-b67, bt2020, 10-bit\n"), plan.stdout)
  }
}
