import Foundation
import TestSupport
import XCTest

/// HDR kept, checked from outside (ffprobe and the ffmpeg CLI's decode): an HLG clip joined or trimmed into an
/// output codec that can carry HDR stays 10-bit with its transfer and BT.2020 colours, its gradient in more
/// levels than 8 bits have; titles, transitions and SDR clips among HDR ones are composed at 10 bits in HDR, SDR
/// white at HDR reference white, effects on the HDR signal; `--hdr sdr`, H.264 output and HLG joined to PQ are SDR,
/// with a note saying why.
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

  /// The 10-bit samples the ffmpeg CLI decodes from `path` through `filter` (ending in a crop), as `format`.
  private func samples(_ path: String, _ filter: String, format: String = "gray10le") throws -> [UInt16] {
    let decoded = try ClipmergeProcess.capture(
      URL(fileURLWithPath: "/usr/bin/env"),
      [
        "ffmpeg", "-nostdin", "-v", "error", "-i", path, "-vf", filter, "-fps_mode", "passthrough", "-f", "rawvideo",
        "-pix_fmt", format, "-",
      ])
    XCTAssertEqual(decoded.code, 0, decoded.stderr)
    let bytes = [UInt8](decoded.output)
    guard bytes.count >= 2 else { throw CheckError("\(path): nothing decoded through \(filter)") }
    return (0..<bytes.count / 2).map { UInt16(bytes[2 * $0]) | UInt16(bytes[2 * $0 + 1]) << 8 }
  }

  /// What was drawn over a picture: how many of its luma samples changed by more than 40 (10-bit), and the
  /// commonest value they took (a title's flat white; its edges and outline take many values).
  static func drawn(_ before: [UInt16], _ after: [UInt16]) -> (count: Int, commonest: Int) {
    var counts: [UInt16: Int] = [:]
    for (old, new) in zip(before, after) where abs(Int(old) - Int(new)) > 40 { counts[new, default: 0] += 1 }
    return (counts.values.reduce(0, +), Int(counts.max { $0.value < $1.value }?.key ?? 0))
  }

  /// The distinct 10-bit luma levels of row 10 of picture `n` of a 1024-wide ramp.
  private func levels(_ path: String, picture n: Int = 0) throws -> Int {
    let row = try samples(path, "select=eq(n\\,\(n)),extractplanes=y,crop=1024:1:0:10")
    XCTAssertEqual(row.count, 1024, path)
    return Set(row).count
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
  /// render every keyframe, the re-encoded runs' too, carries the SEI itself. VP9, AV1 and ProRes outputs carry
  /// it in their track.
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
    // VP9 and AV1 pictures hold none: the track carries it (Matroska's colour elements, MP4's boxes), as it does
    // for ProRes in QuickTime.
    for (codec, name) in [("vp9", "pq.webm"), ("av1", "pq.mkv"), ("prores", "pq.mov")] {
      let path = out(name)
      let made = try ClipmergeProcess.run(["concat", pq, "--video-codec", codec, "-o", path])
      XCTAssertEqual(made.code, 0, made.stderr)
      let track = try ClipmergeProcess.runTool(
        "ffprobe",
        ["-v", "error", "-select_streams", "v:0", "-show_entries", "stream_side_data", "-of", "default=nw=1", path])
      let luminance = track.split(separator: "\n").first { $0.hasPrefix("max_luminance=") }
      let parts = luminance?.dropFirst("max_luminance=".count).split(separator: "/").compactMap { Double($0) } ?? []
      XCTAssertEqual(parts.count == 2 ? parts[0] / parts[1] : nil, 1000, "\(codec): \(track)")
      for fact in ["side_data_type=Mastering display metadata", "max_content=1000", "max_average=400"] {
        XCTAssertTrue(track.contains(fact), "\(codec): \(fact) in\n\(track)")
      }
    }
  }

  /// `--hdr sdr`, H.264 output (named: with no codec named an HDR clip's output is HEVC) and HLG joined to PQ
  /// map to 8-bit SDR with a note that says why; `--dry-run` says what becomes of the HDR.
  func testSDRWhenAskedForOrWhenTheOutputCannotCarryIt() throws {
    let ramp = FixtureFiles.path("hlg-gradient.mp4")
    let sdr = out("sdr.mp4")
    let asked = try ClipmergeProcess.run(["concat", ramp, "--video-codec", "hevc", "--hdr", "sdr", "-o", sdr])
    XCTAssertEqual(asked.code, 0, asked.stderr)
    XCTAssertTrue(asked.stderr.contains("clipmerge: note: HDR clips are mapped to SDR: --hdr sdr\n"), asked.stderr)
    XCTAssertTrue(try stream(sdr).contains("pix_fmt=yuv420p\n"))
    XCTAssertLessThanOrEqual(try levels(sdr), 256)

    let h264 = try ClipmergeProcess.run(["concat", ramp, "--video-codec", "h264", "-o", out("h264.mp4")])
    XCTAssertEqual(h264.code, 0, h264.stderr)
    XCTAssertTrue(
      h264.stderr.contains(
        "clipmerge: note: HDR clips are mapped to SDR: h264 output is SDR; hevc, vp9, av1 or prores keep HDR"),
      h264.stderr)

    let mixed = try ClipmergeProcess.run(
      [
        "concat", FixtureFiles.path("hlg.mp4"), FixtureFiles.path("pq.mp4"), "--video-codec", "hevc", "-o",
        out("mixed.mp4"),
      ])
    XCTAssertEqual(mixed.code, 0, mixed.stderr)
    XCTAssertTrue(
      mixed.stderr.contains("clipmerge: note: HDR clips are mapped to SDR: the HDR clips differ in transfer"),
      mixed.stderr)
    XCTAssertTrue(try stream(out("mixed.mp4")).contains("pix_fmt=yuv420p\n"))

    let plan = try ClipmergeProcess.run(["concat", ramp, "--video-codec", "hevc", "--dry-run"])
    XCTAssertTrue(plan.stdout.contains("hdr: kept: arib-std-b67, bt2020, 10-bit\n"), plan.stdout)
  }

  /// SDR pictures placed into HDR as ITU-R BT.2408 does: an SDR clip's white joined to an HLG clip lands at HDR
  /// reference white, 75 % HLG (10-bit 721), and to a PQ clip at 203 cd/m², 58 % PQ (573), chroma neutral; its
  /// red lands where BT.2087 and BT.2100's formulas, worked out here, put BT.709 red in BT.2020. The output is
  /// HDR, composed at 10 bits, and no note says it is SDR.
  func testSDRClipsArePlacedAtHDRReferenceWhite() throws {
    var colours: [String: String] = [:]
    for colour in ["white", "red"] {
      colours[colour] = out(colour + ".mp4")
      let made = try ClipmergeProcess.capture(
        URL(fileURLWithPath: "/usr/bin/env"),
        [
          "ffmpeg", "-nostdin", "-v", "error", "-f", "lavfi", "-i", "color=c=\(colour):s=160x120:r=25:d=0.4",
          "-pix_fmt", "yuv420p", "-c:v", "libx264", "-qp", "0", out(colour + ".mp4"),
        ])
      XCTAssertEqual(made.code, 0, made.stderr)
    }
    for (clip, transfer) in [("hlg.mp4", "arib-std-b67"), ("pq.mp4", "smpte2084")] {
      let output = out("placed-" + clip)
      let joined = try ClipmergeProcess.run(
        [
          "concat", FixtureFiles.path(clip), out("white.mp4"), out("red.mp4"), "--video-codec", "hevc", "--crf", "10",
          "-o", output,
        ])
      XCTAssertEqual(joined.code, 0, joined.stderr)
      XCTAssertFalse(joined.stderr.contains("SDR"), joined.stderr)
      let facts = try stream(output)
      for fact in ["pix_fmt=yuv420p10le", "color_transfer=\(transfer)", "color_primaries=bt2020"] {
        XCTAssertTrue(facts.contains(fact), "\(clip): \(fact) in\n\(facts)")
      }
      // The white clip's ten pictures follow the clip's 25, the red clip's ten follow them.
      for (colour, frames, linear) in [
        ("white", "between(n\\,25\\,34)", (1.0, 1.0, 1.0)), ("red", "gte(n\\,35)", (1.0, 0, 0)),
      ] {
        let expected = Self.placed(linear, hlg: clip == "hlg.mp4")
        for (plane, level, tolerance) in [("y", expected.y, 3.0), ("u", expected.u, 4), ("v", expected.v, 4)] {
          let values = try samples(output, "select=\(frames),extractplanes=\(plane)")
          XCTAssertEqual(values.count, 10 * (plane == "y" ? 160 * 120 : 80 * 60), "\(clip) \(colour) \(plane)")
          XCTAssertTrue(
            values.allSatisfy { abs(Double($0) - level) <= tolerance },
            "\(clip): \(colour)'s \(plane) \(Set(values).sorted()) against \(level)")
        }
      }
    }
    let plan = try ClipmergeProcess.run(
      ["concat", FixtureFiles.path("hlg.mp4"), out("white.mp4"), "--video-codec", "hevc", "--dry-run"])
    XCTAssertTrue(plan.stdout.contains("hdr: kept: arib-std-b67, bt2020, 10-bit, composed at 10 bits\n"), plan.stdout)
  }

  /// Where BT.2408 places SDR display light `linear` (BT.709, 1 = SDR white): at 203 cd/m² in BT.2020 (BT.2087),
  /// encoded in HLG for a 1000 cd/m² display (inverse OOTF, γ 1.2, then the OETF) or in PQ; as 10-bit limited
  /// Y'CbCr. Worked out from the standards' formulas, in doubles.
  static func placed(_ linear: (Double, Double, Double), hlg: Bool) -> (y: Double, u: Double, v: Double) {
    let m = [[0.6274, 0.3293, 0.0433], [0.0691, 0.9195, 0.0114], [0.0164, 0.0880, 0.8956]]
    let wide = m.map { $0[0] * linear.0 + $0[1] * linear.1 + $0[2] * linear.2 }
    var rgb: [Double]
    if hlg {
      let display = wide.map { $0 * 203 / 1000 }
      let yd = 0.2627 * display[0] + 0.6780 * display[1] + 0.0593 * display[2]
      let (a, b) = (0.17883277, 1 - 4 * 0.17883277)
      let c = 0.5 - a * log(4 * a)
      rgb = display.map { d in
        let e = d * pow(yd, (1 - 1.2) / 1.2)
        return e <= 1.0 / 12 ? (3 * e).squareRoot() : a * log(12 * e - b) + c
      }
    } else {
      let (m1, m2, c1, c2, c3) = (2610.0 / 16384, 2523.0 / 32, 3424.0 / 4096, 2413.0 / 128, 2392.0 / 128)
      rgb = wide.map { l in
        let y = pow(l * 203 / 10000, m1)
        return pow((c1 + c2 * y) / (1 + c3 * y), m2)
      }
    }
    let luma = 0.2627 * rgb[0] + 0.6780 * rgb[1] + 0.0593 * rgb[2]
    return (64 + 876 * luma, 512 + 896 * (rgb[2] - luma) / 1.8814, 512 + 896 * (rgb[0] - luma) / 1.4746)
  }

  /// Text, effects and transitions over HDR compose at 10 bits: titled, the 10-bit ramp keeps more levels than
  /// 8 bits have in a row the title leaves alone, and the title's white is HDR reference white (HLG 75 %), not the
  /// ramp's peak; graded (a `.cube` table, grayscale, contrast, sharpening) it keeps them, its chroma neutral;
  /// faded to black, each mid-fade picture is the ramp times one factor, in more levels than 8 bits have.
  func testTextAndTransitionsComposeAtTenBits() throws {
    let ramp = FixtureFiles.path("hlg-gradient.mp4")
    let titled = out("titled.mp4")
    let result = try ClipmergeProcess.run(
      [
        "concat", ramp, "--text", "HDR", "--text-size", "40", "--text-outline", "0", "--text-position", "center",
        "--video-codec", "hevc",
        "--crf", "10", "-o", titled,
      ])
    XCTAssertEqual(result.code, 0, result.stderr)
    XCTAssertFalse(result.stderr.contains("SDR"), result.stderr)
    XCTAssertTrue(try stream(titled).contains("color_transfer=arib-std-b67"))
    XCTAssertGreaterThan(try levels(titled), 600, "the ramp keeps far more levels than 8 bits' 220")
    // The title: where the first picture differs from the source's by more than a few levels.
    let before = try samples(ramp, "select=eq(n\\,0),extractplanes=y")
    let after = try samples(titled, "select=eq(n\\,0),extractplanes=y")
    XCTAssertEqual(before.count, after.count)
    let title = Self.drawn(before, after)
    XCTAssertGreaterThan(title.count, 50, "the title is drawn")
    XCTAssertTrue(abs(title.commonest - 721) <= 12, "the title's white at HLG 75 %: \(title.commonest)")

    // Effects work on the 10-bit signal: a `.cube` table, contrast and sharpening leave the ramp's levels,
    // grayscale the chroma neutral.
    let graded = out("graded.mp4")
    let effects = try ClipmergeProcess.run(
      [
        "concat", ramp, "--effect", "lut=" + FixtureFiles.path("warm.cube"), "--effect", "grayscale", "--effect",
        "contrast=1.1", "--effect", "sharpen=1", "--video-codec", "hevc", "--crf", "10", "-o", graded,
      ])
    XCTAssertEqual(effects.code, 0, effects.stderr)
    XCTAssertFalse(effects.stderr.contains("SDR"), effects.stderr)
    XCTAssertGreaterThan(try levels(graded), 600, "graded at 10 bits")
    let chroma = try samples(graded, "select=eq(n\\,0),extractplanes=u")
    XCTAssertTrue(chroma.allSatisfy { abs(Int($0) - 512) <= 2 }, "grayscale: \(Set(chroma).sorted())")

    // Faded to black and back: mid-fade, each sample is black plus the ramp's distance from it times one
    // factor, in more levels than 8 bits would keep at that factor.
    let faded = out("faded.mp4")
    let joined = try ClipmergeProcess.run(
      ["concat", ramp, ramp, "--transition", "fade-black,0.4", "--video-codec", "hevc", "--crf", "10", "-o", faded])
    XCTAssertEqual(joined.code, 0, joined.stderr)
    XCTAssertFalse(joined.stderr.contains("SDR"), joined.stderr)
    let source = try samples(ramp, "select=eq(n\\,0),extractplanes=y,crop=1024:1:0:10").map { Double($0) - 64 }
    var midFade = 0
    for n in 0..<10 {
      let row = try samples(faded, "select=eq(n\\,\(n)),extractplanes=y,crop=1024:1:0:10").map { Double($0) - 64 }
      let k = zip(row, source).map(*).reduce(0, +) / source.map { $0 * $0 }.reduce(0, +)
      guard k > 0.3 && k < 0.7 else { continue }
      midFade += 1
      let residual = zip(row, source).map { abs($0 - k * $1) }.max() ?? 0
      XCTAssertLessThanOrEqual(residual, 4, "picture \(n), faded to \(k)")
      XCTAssertGreaterThan(Set(row).count, Int(k * 219) + 100, "picture \(n), faded to \(k): finer than 8 bits")
    }
    XCTAssertGreaterThan(midFade, 0, "some picture is mid-fade")
  }
}
