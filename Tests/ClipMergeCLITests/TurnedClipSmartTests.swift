import Foundation
import TestSupport
import XCTest

/// Phone clips stored sideways (a display matrix turns their pictures upright), checked from outside: a smart
/// render of trims of a turned clip keeps its display matrix and stored size, copies whole groups bit for bit
/// (the ffmpeg CLI's framemd5) and re-encodes the rest in the stored orientation (its decode, turned upright by
/// ffmpeg as players do, within 40 dB of the source's); clips of different orientations are rendered upright in
/// full, with the reason in the user's words, and `--copy` names the turns.
final class TurnedClipSmartTests: FolderTestCase {
  /// An iPhone held upright: 10-bit HLG HEVC with Dolby Vision 8.4 and an edit list, its 320x180 pictures
  /// turned 90° clockwise. Two trims joined smart stay `hvc1` 10-bit HLG with the record and the matrix.
  func testTwoTrimsOfAPortraitPhoneClipAreSmartWithItsDisplayMatrix() throws {
    let phone = FixtureFiles.path("phone-portrait.mp4")
    let output = out("joined.mp4")
    let report = out("report.json")
    let result = try ClipmergeProcess.run(
      ["concat", phone + "#t=0.3,2.5", phone + "#t=0.7,2.5", "--smart", "-o", output, "--report", report])
    XCTAssertEqual(result.code, 0, result.stderr)
    XCTAssertTrue(result.stderr.contains("clipmerge: note: smart render: "), result.stderr)
    let stream = try Self.streamFacts(output)
    for fact in [
      "codec_tag_string=hvc1", "pix_fmt=yuv420p10le", "color_transfer=arib-std-b67", "color_primaries=bt2020",
      "width=320", "height=180", "rotation=-90", "dv_profile=8",
    ] {
      XCTAssertTrue(stream.contains(fact), "\(fact) in\n\(stream)")
    }
    try Self.assertDecodesStrictly(output)
    let (copied, _) = try HEVCSmartRenderTests.copiedPictures(report: report)
    XCTAssertGreaterThanOrEqual(copied.count, 50, "most whole groups are copied")
    try Self.assertPictures(
      output, source: phone, shown: Array(9...74) + Array(21...74), copied: copied, size: 320 * 180,
      tenBits: true)
  }

  /// H.264 turned 90° and 180°: trims on the frame grid copy every whole group and re-encode the cut ones.
  func testTrimsOfTurnedH264ClipsAreSmartWithTheirDisplayMatrix() throws {
    // ffprobe 5.1 calls a left-right mirror a rotation of -180; its matrix is checked as it is.
    for (name, rotation) in [("turned-90.mp4", "-90"), ("turned-180.mp4", "-180"), ("mirrored.mp4", "-180")] {
      let clip = FixtureFiles.path(name)
      let output = out("joined-\(name)")
      let report = out("report-\(name).json")
      let result = try ClipmergeProcess.run(
        ["concat", clip + "#t=0.2,1.6", clip + "#t=0.4,1.8", "--smart", "-o", output, "--report", report])
      XCTAssertEqual(result.code, 0, result.stderr)
      XCTAssertTrue(result.stderr.contains("smart render: 60 of 70 frames copied"), result.stderr)
      let stream = try Self.streamFacts(output)
      for fact in ["codec_name=h264", "width=320", "height=240", "rotation=\(rotation)"] {
        XCTAssertTrue(stream.contains(fact), "\(name): \(fact) in\n\(stream)")
      }
      XCTAssertEqual(try Self.displayMatrix(output), try Self.displayMatrix(clip), name)
      try Self.assertDecodesStrictly(output)
      let (copied, _) = try HEVCSmartRenderTests.copiedPictures(report: report, rate: 25)
      XCTAssertEqual(copied.count, 60, name)
      try Self.assertPictures(
        output, source: clip, shown: Array(5..<40) + Array(10..<45), copied: copied, size: 320 * 240,
        tenBits: false)
    }
  }

  /// A turned clip joined to an upright one: the output has one display matrix, so the render is full and
  /// upright (240x320 shown as stored, no matrix), the note saying which clip is turned how; `--copy` refuses
  /// naming both turns.
  func testClipsOfDifferentOrientationsAreRenderedUprightAndCopyNamesTheTurns() throws {
    let turned = FixtureFiles.path("turned-90.mp4")
    let upright = FixtureFiles.path("upright-25.mp4")
    let output = out("mixed.mp4")
    let result = try ClipmergeProcess.run(["concat", turned, upright, "--smart", "-o", output])
    XCTAssertEqual(result.code, 0, result.stderr)
    XCTAssertTrue(
      result.stderr.contains(
        "clipmerge: note: --smart: nothing can be copied (\(upright) is upright, \(turned) is turned 90° clockwise); "
          + "rendering everything"), result.stderr)
    let stream = try Self.streamFacts(output)
    XCTAssertTrue(stream.contains("width=240") && stream.contains("height=320"), stream)
    XCTAssertFalse(stream.contains("rotation="), stream)

    let copy = try ClipmergeProcess.run(["concat", turned, upright, "--copy", "-o", out("copy.mp4")])
    XCTAssertEqual(copy.code, 65, copy.stderr)
    XCTAssertEqual(
      copy.stderr,
      "clipmerge: error: --copy: cannot join without re-encoding: clip 2 (\(upright)) is upright, clip 1 is turned "
        + "90° clockwise\n")
    XCTAssertFalse(FileManager.default.fileExists(atPath: out("copy.mp4")))
  }

  /// ffprobe's facts of the first video stream, one `key=value` a line (side data included).
  static func streamFacts(_ path: String) throws -> String {
    try ClipmergeProcess.runTool(
      "ffprobe",
      [
        "-v", "error", "-select_streams", "v:0", "-show_entries",
        "stream=codec_name,codec_tag_string,pix_fmt,color_transfer,color_primaries,width,height:stream_side_data="
          + "rotation,dv_profile", "-of", "default=nw=1", path,
      ])
  }

  /// The display matrix ffprobe reads of the first video stream, as it prints it.
  static func displayMatrix(_ path: String) throws -> String {
    let side = try ClipmergeProcess.runTool(
      "ffprobe",
      ["-v", "error", "-select_streams", "v:0", "-show_entries", "stream_side_data=displaymatrix", "-of", "json", path])
    guard let start = side.range(of: "\"displaymatrix\"") else { throw CheckError("\(path): no display matrix") }
    return String(side[start.lowerBound...].prefix(200))
  }

  static func assertDecodesStrictly(_ path: String, file: StaticString = #filePath, line: UInt = #line) throws {
    let decode = try ClipmergeProcess.capture(
      URL(fileURLWithPath: "/usr/bin/env"),
      ["ffmpeg", "-nostdin", "-v", "error", "-xerror", "-err_detect", "explode", "-i", path, "-f", "null", "-"])
    XCTAssertEqual(decode.code, 0, decode.stderr, file: file, line: line)
    XCTAssertEqual(decode.stderr, "", file: file, line: line)
  }

  /// Output picture n shows `source`'s picture `shown[n]` as the ffmpeg CLI plays both (turned upright): a
  /// copied one bit for bit (framemd5), a re-encoded one's luma within 40 dB.
  static func assertPictures(
    _ output: String, source: String, shown: [Int], copied: Set<Int>, size: Int, tenBits: Bool,
    file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let made = try PictureDigests.of(output)
    let original = try PictureDigests.of(source)
    XCTAssertEqual(made.count, shown.count, file: file, line: line)
    for n in copied.sorted() where n < made.count {
      XCTAssertEqual(made[n], original[shown[n]], "copied picture \(n)", file: file, line: line)
    }
    let madeLuma = try lumaPlanes(output, size: size, tenBits: tenBits)
    let sourceLuma = try lumaPlanes(source, size: size, tenBits: tenBits)
    for n in 0..<min(madeLuma.count, shown.count) where !copied.contains(n) {
      XCTAssertGreaterThanOrEqual(
        psnr(madeLuma[n], sourceLuma[shown[n]], peak: tenBits ? 1023 : 255), 40,
        "re-encoded picture \(n) against source picture \(shown[n])", file: file, line: line)
    }
  }

  /// Each picture's luma as the ffmpeg CLI decodes and turns it (`gray` or `gray10le`), `size` samples.
  static func lumaPlanes(_ path: String, size: Int, tenBits: Bool) throws -> [[Int]] {
    let decoded = try ClipmergeProcess.capture(
      URL(fileURLWithPath: "/usr/bin/env"),
      [
        "ffmpeg", "-nostdin", "-v", "error", "-i", path, "-map", "0:v:0", "-f", "rawvideo", "-pix_fmt",
        tenBits ? "gray10le" : "gray", "-",
      ])
    guard decoded.code == 0 else { throw CheckError("ffmpeg cannot decode \(path): \(decoded.stderr)") }
    let bytes = [UInt8](decoded.output)
    let step = tenBits ? 2 * size : size
    return stride(from: 0, to: bytes.count - step + 1, by: step).map { start in
      tenBits
        ? (0..<size).map { Int(bytes[start + 2 * $0]) | Int(bytes[start + 2 * $0 + 1]) << 8 }
        : (0..<size).map { Int(bytes[start + $0]) }
    }
  }

  static func psnr(_ a: [Int], _ b: [Int], peak: Double) -> Double {
    var sum = 0.0
    for i in 0..<min(a.count, b.count) {
      let d = Double(a[i] - b[i])
      sum += d * d
    }
    let mse = sum / Double(max(1, min(a.count, b.count)))
    return mse == 0 ? .infinity : 10 * log10(peak * peak / mse)
  }
}
