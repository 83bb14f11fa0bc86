import Foundation
import TestSupport
import XCTest

/// Phone footage as it is, checked from outside (ffprobe and the ffmpeg CLI): a smart render of an iPhone-like
/// clip (HEVC 10-bit HLG, open GOPs, Dolby Vision 8.4, an edit list) trimmed twice is `hvc1` with one `hvcC`
/// listing both encoders' parameter sets, decodes with every error fatal, keeps HLG, BT.2020 and the Dolby
/// Vision record, its decode times strictly increase, its copied pictures are the source's bit for bit and its
/// re-encoded ones within 40 dB of the pictures they stand for; and libde265, a decoder that is not FFmpeg's,
/// decodes it as FFmpeg does.
final class HEVCSmartRenderTests: XCTestCase {
  private var folder: URL!

  override func setUp() {
    folder = FixtureFiles.temporaryFolder()
  }

  override func tearDown() {
    try? FileManager.default.removeItem(at: folder)
  }

  private func out(_ name: String) -> String { folder.appendingPathComponent(name).path }

  /// The held-out case on phone.mp4 (30 fps, groups of 1 s, shown from 0.2 s of its recording): output
  /// [0, 2.2 s) is pictures 9…74 of the clip as it plays, [2.2 s, 4 s) pictures 21…74.
  func testAPhoneClipTrimmedTwiceIsSmartInHvc1WithHLGAndDolbyVisionKept() throws {
    let phone = FixtureFiles.path("phone.mp4")
    let output = out("joined.mp4")
    let report = out("report.json")
    let result = try ClipmergeProcess.run(
      ["concat", phone + "#t=0.3,2.5", phone + "#t=0.7,2.5", "--smart", "-o", output, "--report", report])
    XCTAssertEqual(result.code, 0, result.stderr)
    XCTAssertFalse(result.stderr.contains("warning"), result.stderr)

    let stream = try ClipmergeProcess.runTool(
      "ffprobe",
      [
        "-v", "error", "-select_streams", "v:0", "-show_entries",
        "stream=codec_name,codec_tag_string,pix_fmt,color_transfer,color_primaries:stream_side_data=dv_profile,"
          + "dv_bl_signal_compatibility_id", "-of", "default=nw=1", output,
      ])
    for fact in [
      "codec_name=hevc", "codec_tag_string=hvc1", "pix_fmt=yuv420p10le", "color_transfer=arib-std-b67",
      "color_primaries=bt2020", "dv_profile=8", "dv_bl_signal_compatibility_id=4",
    ] {
      XCTAssertTrue(stream.contains(fact), "\(fact) in\n\(stream)")
    }
    let decode = try ClipmergeProcess.capture(
      URL(fileURLWithPath: "/usr/bin/env"),
      ["ffmpeg", "-nostdin", "-v", "error", "-xerror", "-err_detect", "explode", "-i", output, "-f", "null", "-"])
    XCTAssertEqual(decode.code, 0, decode.stderr)
    XCTAssertEqual(decode.stderr, "")
    let dts = try ClipmergeProcess.runTool(
      "ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries", "packet=dts", "-of", "csv=p=0", output]
    ).split(separator: "\n").compactMap { Int($0) }
    XCTAssertEqual(dts.count, 120)
    XCTAssertTrue(zip(dts, dts.dropFirst()).allSatisfy { $0 < $1 }, "decode times strictly increase: \(dts)")

    let (copied, smart) = try Self.copiedPictures(report: report)
    XCTAssertEqual(copied.count, smart["copiedFrames"] as? Int)
    XCTAssertGreaterThanOrEqual(copied.count, 50, "most whole groups are copied")
    try Self.assertPictures(output, shown: Array(9...74) + Array(21...74), copied: copied)
  }

  /// `concat --copy` of the iPhone-like clip twice: its second copy starts with pictures its edit list hides,
  /// which a copy join cannot hide after the first clip. Instead of a refusal, the groups holding hidden pictures
  /// (each copy's first) are re-encoded and everything else copied: 192 pictures, the copied ones the source's
  /// bit for bit, the rest within 40 dB of it, `hvc1` with the Dolby Vision record kept.
  func testACopyJoinOfAnEditListedPhoneClipReencodesOnlyTheGroupWithItsHiddenPictures() throws {
    let phone = FixtureFiles.path("phone.mp4")
    let output = out("copied.mp4")
    let report = out("report.json")
    let result = try ClipmergeProcess.run(["concat", phone, phone, "--copy", "-o", output, "--report", report])
    XCTAssertEqual(result.code, 0, result.stderr)
    XCTAssertTrue(
      result.stderr.contains(
        "clipmerge: note: --copy: clip 2 (\(phone)) starts with 6 pictures its edit list hides (it was cut between "
          + "keyframes); the groups of pictures that hold them are re-encoded, the other pictures copied, the sound "
          + "encoded again (a smart render)"),
      result.stderr)
    let stream = try ClipmergeProcess.runTool(
      "ffprobe",
      [
        "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=codec_tag_string:stream_side_data=dv_profile",
        "-of", "default=nw=1", output,
      ])
    XCTAssertTrue(stream.contains("codec_tag_string=hvc1") && stream.contains("dv_profile=8"), stream)
    let decode = try ClipmergeProcess.capture(
      URL(fileURLWithPath: "/usr/bin/env"),
      ["ffmpeg", "-nostdin", "-v", "error", "-xerror", "-err_detect", "explode", "-i", output, "-f", "null", "-"])
    XCTAssertEqual(decode.code, 0, decode.stderr)
    let (copied, smart) = try Self.copiedPictures(report: report)
    XCTAssertEqual(smart["copiedFrames"] as? Int, 144)
    // Each copy's first group (30 pictures, 6 hidden, 24 shown) is re-encoded; the other 72 are copied.
    XCTAssertEqual(copied.count, 144, "all but the groups with hidden pictures are copied")
    try Self.assertPictures(output, shown: (0..<192).map { $0 % 96 }, copied: copied)
  }

  /// An SDR clip joined to the HLG one: its frames are re-encoded in HLG, placed at HDR reference white as a
  /// full render composes them at 10 bits, and the HLG clip's groups are still copied; `--hdr sdr`, which the
  /// HLG pictures copied as they are would not honour, makes a full render in SDR.
  func testAnSDRClipAmongHLGOnesIsPlacedInHLGAndHDRSDRMakesAFullRender() throws {
    let phone = FixtureFiles.path("phone.mp4")
    let mixed = out("mixed.mp4")
    let report = out("mixed.json")
    let joined = try ClipmergeProcess.run(
      ["concat", phone + "#t=0.3,2.5", FixtureFiles.path("base.mp4"), "--smart", "-o", mixed, "--report", report])
    XCTAssertEqual(joined.code, 0, joined.stderr)
    XCTAssertTrue(joined.stderr.contains("clipmerge: note: smart render: "), joined.stderr)
    let stream = try ClipmergeProcess.runTool(
      "ffprobe",
      [
        "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=codec_tag_string,pix_fmt,color_transfer",
        "-of", "default=nw=1", mixed,
      ])
    for fact in ["codec_tag_string=hvc1", "pix_fmt=yuv420p10le", "color_transfer=arib-std-b67"] {
      XCTAssertTrue(stream.contains(fact), "\(fact) in\n\(stream)")
    }
    let (copied, _) = try Self.copiedPictures(report: report)
    XCTAssertGreaterThanOrEqual(copied.count, 25, "the HLG clip's whole groups are copied")
    XCTAssertTrue(copied.allSatisfy { $0 < 66 }, "only the HLG clip's pictures are copied")
    // The HLG clip's pictures: copied ones the source's, re-encoded ones within 40 dB, libde265 agreeing.
    let madeDigests = try PictureDigests.of(mixed)
    XCTAssertEqual(madeDigests.count, 66 + 120)
    let sourceDigests = try PictureDigests.of(phone)
    for n in copied.sorted() { XCTAssertEqual(madeDigests[n], sourceDigests[9 + n], "copied picture \(n)") }
    let decode = try ClipmergeProcess.capture(
      URL(fileURLWithPath: "/usr/bin/env"),
      ["ffmpeg", "-nostdin", "-v", "error", "-xerror", "-err_detect", "explode", "-i", mixed, "-f", "null", "-"])
    XCTAssertEqual(decode.code, 0, decode.stderr)

    let sdr = try ClipmergeProcess.run(
      ["concat", phone + "#t=0.3,2.5", phone + "#t=0.7,2.5", "--smart", "--hdr", "sdr", "-o", out("sdr.mp4")])
    XCTAssertEqual(sdr.code, 0, sdr.stderr)
    XCTAssertTrue(sdr.stderr.contains("--smart: nothing can be copied (no clip is H.264 or HEVC"), sdr.stderr)
    let facts = try ClipmergeProcess.runTool(
      "ffprobe",
      ["-v", "error", "-select_streams", "v:0", "-show_entries", "stream=pix_fmt", "-of", "csv=p=0", out("sdr.mp4")])
    XCTAssertEqual(facts.trimmingCharacters(in: .whitespacesAndNewlines), "yuv420p")
  }

  /// A title over one second of the phone clip: the smart render re-encodes only the groups the title touches,
  /// composing them at 10 bits in HLG; the rest is copied bit for bit, the re-encoded pictures outside the title's
  /// second are within 40 dB of the source's, and the title's white is HDR reference white (75 % HLG, 10-bit 721).
  func testATitleOverPartOfThePhoneClipIsSmartAndComposedInHLG() throws {
    let phone = FixtureFiles.path("phone.mp4")
    let output = out("titled.mp4")
    let report = out("titled.json")
    let result = try ClipmergeProcess.run(
      [
        "concat", phone, "--text", "PHONE", "--text-size", "40", "--text-at", "1,1", "--smart", "-o", output,
        "--report", report,
      ])
    XCTAssertEqual(result.code, 0, result.stderr)
    XCTAssertTrue(result.stderr.contains("clipmerge: note: smart render: "), result.stderr)
    let (copied, _) = try Self.copiedPictures(report: report)
    XCTAssertGreaterThanOrEqual(copied.count, 12)
    XCTAssertTrue(copied.isDisjoint(with: 30..<60), "no picture under the title is copied")
    try Self.assertPictures(output, shown: Array(0..<96), copied: copied, drawnOver: 30..<60)
    let made = try Self.ffmpegPictures(output).map(Self.luma)
    let source = try Self.ffmpegPictures(phone).map(Self.luma)
    let title = HDRKeepTests.drawn(source[45], made[45])
    XCTAssertGreaterThan(title.count, 100, "the title is drawn")
    XCTAssertTrue(abs(title.commonest - 721) <= 12, "the title's white: \(title.commonest)")
  }

  /// A Dolby Vision profile 5 record cannot describe re-encoded pictures (its base layer needs the metadata):
  /// the smart render drops it and says so; the pictures are still copied.
  func testAProfile5RecordIsDroppedWithAWarning() throws {
    let clip = FixtureFiles.path("dolby-vision.mp4")
    let output = out("joined.mp4")
    let result = try ClipmergeProcess.run(
      ["concat", clip + "#t=0.32,2.52", clip + "#t=0.72,2.52", "--smart", "-o", output])
    XCTAssertEqual(result.code, 0, result.stderr)
    XCTAssertTrue(
      result.stderr.contains("clipmerge: warning: \(clip): its Dolby Vision configuration (profile 5) is dropped"),
      result.stderr)
    XCTAssertTrue(result.stderr.contains("smart render: 44 of 100 frames copied"), result.stderr)
    let stream = try ClipmergeProcess.runTool(
      "ffprobe",
      ["-v", "error", "-select_streams", "v:0", "-show_entries", "stream=codec_tag_string:stream_side_data", output])
    XCTAssertTrue(stream.contains("codec_tag_string=hvc1"), stream)
    XCTAssertFalse(stream.contains("DOVI"), stream)
  }

  /// libde265, an HEVC decoder that is not FFmpeg's, decodes `path`'s video as FFmpeg does, byte for byte, but
  /// for the copies of the pictures on which the two decoders differ in the source itself (libde265 decodes
  /// some of phone.mp4's leading pictures otherwise, three of 96). `shown[n]` is output picture n's picture of
  /// phone.mp4 as it plays, `copied` the output pictures copied.
  static func assertLibde265Agrees(
    _ path: String, shown: [Int], copied: Set<Int>, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    // phone.mp4's stream starts with 6 pictures its edit list hides; libde265 decodes them too.
    let phone = FixtureFiles.path("phone.mp4")
    let sourceOwn = Array(try libde265Pictures(phone).dropFirst(6))
    let sourceFFmpeg = try ffmpegPictures(phone)
    XCTAssertEqual(sourceOwn.count, sourceFFmpeg.count, file: file, line: line)
    let differing = Set((0..<min(sourceOwn.count, sourceFFmpeg.count)).filter { sourceOwn[$0] != sourceFFmpeg[$0] })
    XCTAssertLessThanOrEqual(differing.count, 3, "the decoders differ on \(differing.sorted())", file: file, line: line)
    let own = try libde265Pictures(path)
    let reference = try ffmpegPictures(path)
    XCTAssertEqual(own.count, shown.count, "libde265 decodes every picture", file: file, line: line)
    XCTAssertEqual(reference.count, shown.count, file: file, line: line)
    var compared = 0
    for n in 0..<min(own.count, reference.count, shown.count)
    where !(copied.contains(n) && differing.contains(shown[n])) {
      XCTAssertTrue(own[n] == reference[n], "picture \(n)", file: file, line: line)
      compared += 1
    }
    XCTAssertGreaterThan(compared, shown.count * 9 / 10, file: file, line: line)
  }

  /// The pictures libde265 decodes of `path`'s video (its samples as an Annex B stream, the `hvcC`'s parameter
  /// sets first), each as 10-bit 4:2:0 bytes.
  static func libde265Pictures(_ path: String) throws -> [Data] {
    let folder = FixtureFiles.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let stream = folder.appendingPathComponent("video.hevc").path
    let decoded = folder.appendingPathComponent("de265.yuv").path
    let extracted = try ClipmergeProcess.capture(
      URL(fileURLWithPath: "/usr/bin/env"),
      [
        "ffmpeg", "-nostdin", "-v", "fatal", "-i", path, "-map", "0:v:0", "-c", "copy", "-bsf:v", "hevc_mp4toannexb",
        "-f", "hevc", stream,
      ])
    guard extracted.code == 0 else { throw CheckError("cannot extract \(path)'s HEVC: \(extracted.stderr)") }
    let run = try ClipmergeProcess.capture(
      URL(fileURLWithPath: "/usr/bin/env"), ["libde265-dec265", "-q", "-o", decoded, stream])
    guard run.code == 0 else { throw CheckError("libde265 cannot decode \(path): \(run.stderr)") }
    let bytes = try Data(contentsOf: URL(fileURLWithPath: decoded))
    let size = 320 * 180 * 3
    return stride(from: 0, to: bytes.count - size + 1, by: size).map { bytes.subdata(in: $0..<$0 + size) }
  }

  /// What holds of every picture of a smart render of phone.mp4 (`shown[n]`: output picture n's picture of the
  /// clip as it plays): each copied one is the source's by the ffmpeg CLI's framemd5, each re-encoded one's
  /// luma at least 40 dB from the source picture's (the CLI's decode) but for those something is drawn over, and
  /// libde265 decodes them as FFmpeg does.
  static func assertPictures(
    _ output: String, shown: [Int], copied: Set<Int>, drawnOver: Range<Int> = 0..<0, file: StaticString = #filePath,
    line: UInt = #line
  ) throws {
    let phone = FixtureFiles.path("phone.mp4")
    try assertLibde265Agrees(output, shown: shown, copied: copied, file: file, line: line)
    let made = try PictureDigests.of(output)
    let source = try PictureDigests.of(phone)
    XCTAssertEqual(source.count, 96, file: file, line: line)
    XCTAssertEqual(made.count, shown.count, file: file, line: line)
    for n in copied.sorted() {
      XCTAssertEqual(made[n], source[shown[n]], "copied picture \(n)", file: file, line: line)
    }
    let madeLuma = try ffmpegPictures(output).map(luma)
    let sourceLuma = try ffmpegPictures(phone).map(luma)
    for n in 0..<min(madeLuma.count, shown.count) where !copied.contains(n) && !drawnOver.contains(n) {
      XCTAssertGreaterThanOrEqual(
        psnr(madeLuma[n], sourceLuma[shown[n]]), 40, "re-encoded picture \(n) against source picture \(shown[n])",
        file: file, line: line)
    }
  }

  /// The output pictures a smart render's `--report` says were copied (its runs' times at `rate` frames a
  /// second), and its `smart` part.
  static func copiedPictures(report: String, rate: Double = 30) throws -> (Set<Int>, [String: Any]) {
    let json = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report))) as? [String: Any])
    XCTAssertEqual(json["method"] as? String, "smart")
    let smart = try XCTUnwrap(json["smart"] as? [String: Any])
    let runs = try XCTUnwrap(smart["runs"] as? [[String: Any]])
    var copied = Set<Int>()
    for run in runs where run["copied"] as? Bool == true {
      let start = Int(((run["start"] as? Double ?? 0) * rate).rounded())
      let end = Int(((run["end"] as? Double ?? 0) * rate).rounded())
      copied.formUnion(start..<end)
    }
    return (copied, smart)
  }

  /// The pictures of `path`'s video as the ffmpeg CLI decodes them, each as 320x180 10-bit 4:2:0 bytes.
  static func ffmpegPictures(_ path: String) throws -> [Data] {
    let decoded = try ClipmergeProcess.capture(
      URL(fileURLWithPath: "/usr/bin/env"),
      [
        "ffmpeg", "-nostdin", "-v", "error", "-i", path, "-map", "0:v:0", "-f", "rawvideo", "-pix_fmt", "yuv420p10le",
        "-",
      ])
    guard decoded.code == 0 else { throw CheckError("ffmpeg cannot decode \(path): \(decoded.stderr)") }
    let size = 320 * 180 * 3
    return stride(from: 0, to: decoded.output.count - size + 1, by: size).map {
      decoded.output.subdata(in: $0..<$0 + size)
    }
  }

  /// A 320x180 10-bit 4:2:0 picture's luma samples.
  static func luma(_ picture: Data) -> [UInt16] {
    let bytes = [UInt8](picture.prefix(320 * 180 * 2))
    return (0..<bytes.count / 2).map { UInt16(bytes[2 * $0]) | UInt16(bytes[2 * $0 + 1]) << 8 }
  }

  /// Peak signal to noise ratio of two 10-bit planes, in dB (infinity when equal).
  static func psnr(_ a: [UInt16], _ b: [UInt16]) -> Double {
    var sum = 0.0
    for i in 0..<min(a.count, b.count) {
      let d = Double(a[i]) - Double(b[i])
      sum += d * d
    }
    let mse = sum / Double(max(1, min(a.count, b.count)))
    return mse == 0 ? .infinity : 10 * log10(1023 * 1023 / mse)
  }
}
