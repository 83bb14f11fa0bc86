import Composition
import Foundation
import TestSupport
import XCTest

@testable import Engine

/// Smart render: whole groups of pictures that show unchanged are copied bit for bit, the rest is rendered as
/// the full render renders it and re-encoded; the output shows the same frames at the same times.
final class SmartRenderTests: XCTestCase {
  /// Renders `clips` (name, start, end) joined (with a crossfade of `crossfade` seconds when given) both smart
  /// and in full; returns both paths and the smart exporter's summary.
  /// `threads`: the CPUs the render may use (its runs are encoded that many at once); `crf`: both renders' (nil:
  /// the smart render's matched to the source, the full render's the default).
  func renderBoth(
    _ clips: [(String, String?, String?)], crossfade: String? = nil, threads: Int? = nil, crf: Int? = nil
  ) throws -> (
    smart: String, full: String, summary: SmartExporter.Summary
  ) {
    let sources = try clips.enumerated().map { index, clip in
      (try RenderHelpers.source(index, clip.0), clip.1, clip.2)
    }
    return try XCTUnwrap(renderBoth(sources: sources, crossfade: crossfade, threads: threads, crf: crf))
  }

  /// The same for probed sources; nil when a smart render would copy nothing.
  func renderBoth(
    sources: [(Source, String?, String?)], crossfade: String? = nil, threads: Int? = nil, crf: Int? = nil
  ) throws -> (
    smart: String, full: String, summary: SmartExporter.Summary
  )? {
    var recipe = ConcatRecipe(
      clips: sources.map { source, start, end in
        ConcatRecipe.Clip(source: source, start: start.map(RenderHelpers.s), end: end.map(RenderHelpers.s))
      })
    if let crossfade { recipe.transition = .crossfade(RenderHelpers.s(crossfade)) }
    recipe.export.preset = "veryfast"
    recipe.export.threads = threads
    recipe.export.crf = crf
    var composition = try recipe.makeComposition()
    // A smart render puts every frame on the output's grid, a variable-rate clip's too; the full render it is
    // compared with does the same (by itself it would show that clip's pictures at their own times).
    composition.video?.frameTiming = .constant
    let folder = FixtureFiles.temporaryFolder()
    let smartPath = folder.appendingPathComponent("smart.mp4").path
    let fullPath = folder.appendingPathComponent("full.mp4").path
    let smart = try SmartExporter(
      composition: composition, route: OutputRoute(path: smartPath, container: .mp4), overwrite: false)
    guard case .success(let summary) = smart.outcome else { return nil }
    _ = try smart.run()
    _ = try Exporter(
      composition: composition, route: OutputRoute(path: fullPath, container: .mp4), overwrite: false
    ).run()
    return (smartPath, fullPath, summary)
  }

  /// Asserts what must hold of any smart output: the full render's frame times; copied frames identical to
  /// the source's; re-encoded frames within 40 dB of the full render's; a clean decode by the ffmpeg CLI with
  /// errors fatal; decode times strictly increasing; one video stream opening on a keyframe.
  func assertSound(
    _ smart: String, full: String, summary: SmartExporter.Summary, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let times = try PictureGrabber.frameTimes(path: smart)
    XCTAssertEqual(times, try PictureGrabber.frameTimes(path: full), "frame times", file: file, line: line)
    let output = try PictureGrabber(path: smart)
    let reference = try PictureGrabber(path: full)
    var copied = 0
    for run in summary.runs {
      // A grabber reads forward only: a new one for each copied run's source.
      let source = try run.path.map { try PictureGrabber(path: $0) }
      var t = run.range.start
      while t < run.range.end {
        let picture = try XCTUnwrap(output.picture(at: t), file: file, line: line)
        let rendered = try XCTUnwrap(reference.picture(at: t), file: file, line: line)
        if let source, let start = run.sourceStart {
          let original = try XCTUnwrap(source.picture(at: start + (t - run.range.start)), file: file, line: line)
          XCTAssertTrue(picture.isIdentical(to: original), "copied frame at \(t.secondsText)", file: file, line: line)
          copied += 1
        } else {
          XCTAssertGreaterThan(
            picture.lumaPSNR(against: rendered), 40, "re-encoded frame at \(t.secondsText)", file: file, line: line)
        }
        t = t + MediaTime.ticks(1, rate: 30)
      }
    }
    XCTAssertEqual(Int64(copied), summary.copiedFrames, file: file, line: line)
    let check = try ClipmergeProcess.capture(
      URL(fileURLWithPath: "/usr/bin/env"),
      ["ffmpeg", "-v", "error", "-xerror", "-err_detect", "explode", "-i", smart, "-f", "null", "-"])
    XCTAssertEqual(check.code, 0, check.stderr, file: file, line: line)
    XCTAssertEqual(check.stderr, "", file: file, line: line)
    let packets = try PacketList(path: smart)
    XCTAssertEqual(packets.kinds.filter { $0 == "video" }.count, 1, file: file, line: line)
    let video = packets.packets(of: "video")
    XCTAssertEqual(video.first?.isKeyframe, true, file: file, line: line)
    let dts = video.compactMap(\.dts)
    XCTAssertEqual(dts.count, video.count, file: file, line: line)
    XCTAssertTrue(zip(dts, dts.dropFirst()).allSatisfy { $0 < $1 }, "decode times increase", file: file, line: line)
  }

  func testTrimsCopyWholeGroupsAndReencodeOnlyTheCuts() throws {
    let (smart, full, summary) = try renderBoth([("gop.mp4", "1", "9"), ("gop.mp4", "2.5", "7")])
    // gop.mp4's groups start every 2 s: [2, 8) of the first trim and [4, 6) of the second are copied.
    XCTAssertEqual(summary.frameCount, 375)
    XCTAssertEqual(summary.copiedFrames, 180 + 60)
    XCTAssertEqual(summary.runs.map(\.copied), [false, true, false, true, false])
    XCTAssertEqual(summary.runs[1].range, TimeRange(start: MediaTime(seconds: 1), end: MediaTime(seconds: 7)))
    XCTAssertEqual(summary.runs[1].sourceStart, MediaTime(seconds: 2))
    try assertSound(smart, full: full, summary: summary)
  }

  /// Six trims, each holding a whole group and cut inside others: seven re-encoded runs (a trim's end and the
  /// next one's start make one), three encoded at a time while the groups between them are copied; the output
  /// is the plan's order, frame for frame. Both renders at CRF 16, so the full render is a close reference for
  /// the re-encoded frames (at its default CRF 23 its own loss alone brings some to 40 dB).
  func testManyRunsEncodedAtOnceKeepTheirOrder() throws {
    let trims = [("0.3", "4.5"), ("1.7", "6.2"), ("4.1", "8.4"), ("0.5", "4"), ("5.5", "9.9"), ("2.3", "7.1")]
    let (smart, full, summary) = try renderBoth(trims.map { ("gop.mp4", $0.0, $0.1) }, threads: 3, crf: 16)
    XCTAssertEqual(summary.runs.map(\.copied), [false] + Array(repeating: [true, false], count: 6).flatMap { $0 })
    XCTAssertEqual(summary.copiedFrames, 60 * 7)
    try assertSound(smart, full: full, summary: summary)
  }

  /// Only the crossfade (and the partial groups around it) is encoded.
  func testCrossfadeIsTheOnlyPartReencoded() throws {
    let (smart, full, summary) = try renderBoth([("gop.mp4", nil, nil), ("gop-b.mp4", nil, nil)], crossfade: "0.5")
    XCTAssertEqual(summary.runs.map(\.copied), [true, false, true])
    XCTAssertEqual(summary.runs[0].range.end, MediaTime(seconds: 8))
    try assertSound(smart, full: full, summary: summary)
  }

  /// Open GOPs (only the first group is closed), a first picture at 1.5 s, a variable frame rate (pictures off
  /// the output's frame grid) and a clip from another encoder setting between copied ones: what cannot be copied
  /// is re-encoded, the rest is copied bit for bit.
  func testOpenGOPsLateStartsVariableRateAndMixedClips() throws {
    let (smart, full, summary) = try renderBoth([
      ("gop.mp4", "0.5", "3"), ("open-gop.mp4", nil, nil), ("late.mp4", "1", "5"), ("vfr.mp4", nil, nil),
      ("gop.mp4", nil, nil),
    ])
    XCTAssertGreaterThan(summary.copiedFrames, 300)
    // Nothing of the variable-rate clip (output [12.5 s, 16.5 s)) is copied.
    let variable = TimeRange(start: RenderHelpers.s("12.5"), end: RenderHelpers.s("16.5"))
    XCTAssertFalse(summary.runs.contains { $0.copied && $0.range.overlaps(variable) })
    try assertSound(smart, full: full, summary: summary)
  }

  /// The H.264 clips of ../shared/media (skipped, saying so, where it is absent), each with its first 0.2 s cut:
  /// every one a smart render copies from is sound. Most are refused, each for a reason of its own (non-square
  /// pixels, interlaced, variable rate, one group of pictures only); `edit_list_positive_shift.mp4` is copied.
  /// `sample_with_invalid_nalu.mp4` is left out: its damaged packet would be copied as it is (a smart render
  /// copies what it does not decode).
  func testSharedH264Clips() throws {
    let media = try FixtureFiles.sharedMedia()
    let names = try FileManager.default.contentsOfDirectory(atPath: media.path).sorted().filter {
      $0.hasSuffix(".mp4") || $0.hasSuffix(".mov") || $0.hasSuffix(".mkv")
    }
    var smart: [String] = []
    for name in names where name != "sample_with_invalid_nalu.mp4" {
      let path = media.appendingPathComponent(name).path
      guard let info = try? MediaProbe.probe(path), info.video?.codec == "h264", info.duration > MediaTime(seconds: 1)
      else { continue }
      guard
        let (out, full, summary) = try renderBoth(sources: [
          (Source(id: SourceID(0), path: path, info: info), "0.2", nil)
        ])
      else { continue }
      smart.append(name)
      try assertSound(out, full: full, summary: summary)
    }
    XCTAssertTrue(smart.contains("edit_list_positive_shift.mp4"), "smart: \(smart)")
    print("smart render on shared clips: \(smart.joined(separator: ", "))")
  }
}
