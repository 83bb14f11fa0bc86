import Foundation
import TestSupport
import XCTest

/// `compose edit.otio` renders an OpenTimelineIO timeline, checked from outside: the timelines are built with
/// OTIO's own Python library over numbered.mp4 (frame n's luma says n), and every output frame, read back by the
/// ffmpeg CLI, is the frame OTIO's own time maths (`transformed_time`) names: cuts, gaps, a top track with gaps
/// over a bottom one, a dissolve from both clips' handles, a time warp, a freeze, a disabled clip; rates written
/// as floats are exact; bad timelines are refused naming the clip and its JSON path.
final class OTIOTimelineTests: FolderTestCase {
  /// OTIO's Python (PyPI opentimelineio, which `make` installs under .build); a broken precondition fails.
  private var python: String { FixtureFiles.root.appendingPathComponent(".build/otio-venv/bin/python").path }

  /// What every script starts with: OTIO, numbered.mp4 as a 100-frame reference at 25 fps, and `expected`, the
  /// file frame (or None) shown at each output frame, from OTIO's transformed_time over the video tracks, the
  /// last on top; a LinearTimeWarp's scalar and a freeze applied to the time in the clip.
  private var prelude: String {
    """
    import json, sys
    import opentimelineio as otio
    RT = otio.opentime.RationalTime
    TR = otio.opentime.TimeRange
    rate = 25
    media = \(String(reflecting: FixtureFiles.path("numbered.mp4")))
    def ref(rate=25):
        return otio.schema.ExternalReference(target_url=media, available_range=TR(RT(0, rate), RT(100, rate)))
    def clip(name, start, dur, rate=25):
        return otio.schema.Clip(name=name, media_reference=ref(rate), source_range=TR(RT(start, rate), RT(dur, rate)))
    def gap(dur):
        return otio.schema.Gap(source_range=TR(duration=RT(dur, rate)))
    def expected(tl):
        video = [t for t in tl.tracks if t.kind == "Video"]
        shown = []
        for i in range(int(tl.duration().value)):
            t = RT(i, rate)
            frame = None
            for track in reversed(video):
                if t >= track.duration():
                    continue
                item = track.child_at_time(t)
                if isinstance(item, otio.schema.Clip) and item.enabled:
                    inside = track.transformed_time(t, item)
                    start = item.source_range.start_time
                    scalar = 1.0
                    for e in item.effects:
                        if isinstance(e, otio.schema.FreezeFrame):
                            scalar = 0.0
                        elif isinstance(e, otio.schema.LinearTimeWarp):
                            scalar *= e.time_scalar
                    at = start + RT((inside - start).value * scalar, rate)
                    available = item.media_reference.available_range
                    frame = (at - (available.start_time if available else RT(0, rate))).value
                    break
            shown.append(frame)
        return shown
    def with_dissolves(tl):
        shown = expected(tl)
        for track in [t for t in tl.tracks if t.kind == "Video"]:
            for i, item in enumerate(track):
                if not isinstance(item, otio.schema.Transition):
                    continue
                r, a, b = track.range_of_child(item), track[i - 1], track[i + 1]
                ra, rb = track.range_of_child(a), track.range_of_child(b)
                n = int(r.duration.value)
                for k in range(n):
                    f = int(r.start_time.value) + k
                    fa = a.source_range.start_time.value + (f - ra.start_time.value)
                    fb = b.source_range.start_time.value + (f - rb.start_time.value)
                    shown[f] = fa * (1 - k / n) + fb * (k / n)
        return shown

    """
  }

  /// Runs `script` (after the prelude) with OTIO's Python; it writes the timeline to sys.argv[1] and prints JSON.
  private func timeline(_ script: String, to path: String) throws -> Any {
    XCTAssertTrue(FileManager.default.isExecutableFile(atPath: python), "make installs OTIO into \(python)")
    let run = try ClipmergeProcess.capture(URL(fileURLWithPath: python), ["-c", prelude + script, path])
    guard run.code == 0 else { throw CheckError("OTIO's script failed: \(run.stderr)") }
    return try JSONSerialization.jsonObject(with: Data(run.stdout.utf8))
  }

  /// Each output frame's number, read from its centre's luma by the ffmpeg CLI (nil for black: a gap).
  private func frameNumbers(_ path: String) throws -> [Double?] {
    let luma = try ClipmergeProcess.capture(
      URL(fileURLWithPath: "/usr/bin/env"),
      [
        "ffmpeg", "-nostdin", "-v", "error", "-i", path, "-vf", "crop=8:8:156:116,scale=1:1", "-f", "rawvideo",
        "-pix_fmt", "gray", "-",
      ]
    ).output
    return luma.map { $0 <= 1 ? nil : Double($0) * 219 / 255 / 2 }
  }

  /// Asserts that `output` has a frame for each of `expected` (frame numbers, or null for black) showing it.
  private func assertShows(
    _ output: String, _ expected: [Any], accuracy: Double, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let shown = try frameNumbers(output)
    XCTAssertEqual(shown.count, expected.count, "\(output): \(shown)", file: file, line: line)
    for (i, want) in expected.enumerated() where i < shown.count {
      let frame = (want as? NSNumber)?.doubleValue
      let got = String(describing: shown[i])
      XCTAssertEqual(shown[i] == nil, frame == nil, "frame \(i): \(got) for \(want)", file: file, line: line)
      if let frame, let number = shown[i] {
        XCTAssertEqual(number, frame, accuracy: accuracy, "frame \(i)", file: file, line: line)
      }
    }
  }

  func testCutsGapsAndAGappedTopTrackShowTheFramesOTIONames() throws {
    let otio = out("cut.otio")
    let expected = try XCTUnwrap(
      try timeline(
        """
        tl = otio.schema.Timeline(name="cuts", global_start_time=RT(86400, rate))
        v1, v2, a1 = otio.schema.Track(kind="Video"), otio.schema.Track(kind="Video"), otio.schema.Track(kind="Audio")
        tl.tracks.extend([v1, v2, a1])
        v1.extend([clip("a", 10, 20), gap(5), clip("b", 60, 15)])
        v2.extend([gap(8), clip("top", 80, 6)])
        a1.append(clip("sound", 0, 40))
        otio.adapters.write_to_file(tl, sys.argv[1])
        print(json.dumps(expected(tl)))
        """, to: otio) as? [Any])
    let output = out("cut.mp4")
    let result = try ClipmergeProcess.run(["compose", otio, "-o", output])
    XCTAssertEqual(result.code, 0, result.stderr)
    try assertShows(output, expected, accuracy: 0.6)
    let streams = try ClipmergeProcess.runTool(
      "ffprobe",
      ["-v", "error", "-show_entries", "stream=codec_type,r_frame_rate,duration", "-of", "csv=p=0", output])
    XCTAssertEqual(streams, "video,25/1,1.600000\naudio,0/0,1.600000\n")
  }

  /// A dissolve of 4 + 4 frames from both clips' handles (the track keeps its length), a clip at twice the
  /// speed, a freeze, a disabled clip (black, timed), each frame as OTIO names it; inside the dissolve, the two
  /// clips' frames mixed linearly.
  func testADissolveATimeWarpAFreezeAndADisabledClip() throws {
    let otio = out("dissolve.otio")
    let json = try XCTUnwrap(
      try timeline(
        """
        tl = otio.schema.Timeline(name="effects")
        v = otio.schema.Track(kind="Video")
        tl.tracks.append(v)
        fast = clip("fast", 20, 10)
        fast.effects.append(otio.schema.LinearTimeWarp(time_scalar=2.0))
        still = clip("still", 50, 6)
        still.effects.append(otio.schema.FreezeFrame())
        off = clip("off", 0, 5)
        off.enabled = False
        dissolve = otio.schema.Transition(
            transition_type="SMPTE_Dissolve", in_offset=RT(4, rate), out_offset=RT(4, rate))
        v.extend([clip("a", 10, 20), dissolve, clip("b", 60, 20), fast, still, off, clip("end", 90, 5)])
        otio.adapters.write_to_file(tl, sys.argv[1])
        print(json.dumps({"frames": expected(tl), "length": tl.duration().value}))
        """, to: otio) as? [String: Any])
    let expected = try XCTUnwrap(json["frames"] as? [Any])
    XCTAssertEqual(json["length"] as? Double, 66, "a transition does not change the track's length")
    let output = out("dissolve.mp4")
    let result = try ClipmergeProcess.run(["compose", otio, "-o", output])
    XCTAssertEqual(result.code, 0, result.stderr)
    let shown = try frameNumbers(output)
    XCTAssertEqual(shown.count, 66)
    for (i, want) in expected.enumerated() where i < shown.count {
      var frame = (want as? NSNumber)?.doubleValue
      // Frames 16..<24: a at 10 + i fading out, b from its handle (60 - 4 + (i - 16)) fading in, k/8 of it.
      if (16..<24).contains(i) {
        let k = Double(i - 16)
        frame = (10 + Double(i)) * (1 - k / 8) + (56 + k) * (k / 8)
      }
      XCTAssertEqual(shown[i] == nil, frame == nil, "output frame \(i): \(String(describing: shown[i]))")
      if let frame, let got = shown[i] { XCTAssertEqual(got, frame, accuracy: 0.8, "output frame \(i)") }
    }
  }

  /// An EDL and an FCP 7 XML written by OTIO's own adapters (cuts and a dissolve; a top track with a gap over
  /// a bottom one, a disabled clip and three audio tracks), rendered by `compose` through the same adapters:
  /// every output frame is the one OTIO's own reading of the file names (inside the dissolve, the two clips'
  /// frames mixed linearly).
  func testAnEDLAndAnFCP7XMLThroughOTIOsAdapters() throws {
    let edl = out("edit.edl")
    let xml = out("edit.xml")
    let json = try XCTUnwrap(
      try timeline(
        """
        tl = otio.schema.Timeline(name="edl")
        v = otio.schema.Track(kind="Video")
        tl.tracks.append(v)
        dissolve = otio.schema.Transition(
            transition_type="SMPTE_Dissolve", in_offset=RT(4, rate), out_offset=RT(4, rate))
        v.extend([clip("a", 10, 20), dissolve, clip("b", 60, 15), clip("c", 30, 10)])
        otio.adapters.write_to_file(tl, sys.argv[1], adapter_name="cmx_3600")
        x = otio.schema.Timeline(name="xml")
        v1, v2 = otio.schema.Track(kind="Video"), otio.schema.Track(kind="Video")
        audio = [otio.schema.Track(kind="Audio") for _ in range(3)]
        x.tracks.extend([v1, v2] + audio)
        off = clip("off", 40, 5)
        off.enabled = False
        v1.extend([clip("a", 10, 20), off, clip("b", 60, 15)])
        v2.extend([gap(8), clip("top", 80, 6)])
        for k, track in enumerate(audio):
            track.append(clip("sound%d" % k, 10 * k, 40))
        otio.adapters.write_to_file(x, sys.argv[1][:-4] + ".xml", adapter_name="fcp_xml")
        back = [otio.adapters.read_from_file(sys.argv[1], rate=rate), otio.adapters.read_from_file(sys.argv[1][:-4] + ".xml")]
        print(json.dumps([with_dissolves(t) for t in back]))
        """, to: edl) as? [[Any]])
    XCTAssertEqual(json.count, 2)
    for ((file, expected), options) in zip(zip([edl, xml], json), [["--rate", "25"], []]) {
      let output = out(URL(fileURLWithPath: file).lastPathComponent + ".mp4")
      let result = try ClipmergeProcess.run(["compose", file, "-o", output] + options)
      XCTAssertEqual(result.code, 0, result.stderr)
      try assertShows(output, expected, accuracy: 0.8)
      let streams = try ClipmergeProcess.runTool(
        "ffprobe", ["-v", "error", "-show_entries", "stream=codec_type,r_frame_rate", "-of", "csv=p=0", output])
      XCTAssertEqual(streams, file == xml ? "video,25/1\naudio,0/0\n" : "video,25/1\n", file)
    }
  }

  /// Without OTIO's adapters (a Python that lacks them), an EDL is refused in one line that says what to
  /// install, exit 69, nothing written.
  func testAnEDLWithoutOTIOsAdaptersSaysWhatToInstall() throws {
    let edl = FixtureFiles.root.appendingPathComponent("Fixtures/timelines/edit.edl").path
    let output = out("none.mp4")
    let result = try ClipmergeProcess.run(
      ["compose", edl, "-o", output], environment: ["CLIPMERGE_PYTHON": "/usr/bin/python3"])
    XCTAssertEqual(result.code, 69, result.stderr)
    XCTAssertEqual(
      result.stderr,
      "clipmerge: error: \(edl): reading it needs OpenTimelineIO's cmx_3600 adapter: "
        + "pip install opentimelineio opentimelineio-plugins\n")
    XCTAssertFalse(FileManager.default.fileExists(atPath: output))
  }

  /// Rates as editors write them: a timeline at 29.97 (the float) renders at exactly 30000/1001.
  func testAFloatNTSCRateIsExact() throws {
    let otio = out("ntsc.otio")
    _ = try timeline(
      """
      tl = otio.schema.Timeline(name="ntsc")
      v = otio.schema.Track(kind="Video")
      tl.tracks.append(v)
      v.append(clip("a", 0, 30, rate=29.97))
      otio.adapters.write_to_file(tl, sys.argv[1])
      print("[]")
      """, to: otio)
    let output = out("ntsc.mp4")
    let result = try ClipmergeProcess.run(["compose", otio, "-o", output])
    XCTAssertEqual(result.code, 0, result.stderr)
    let rate = try ClipmergeProcess.runTool(
      "ffprobe", ["-v", "error", "-show_entries", "stream=r_frame_rate,nb_frames", "-of", "csv=p=0", output])
    XCTAssertEqual(rate, "30000/1001,30\n")
  }

  /// A missing file, a MissingReference, an unknown schema and a dissolve with no handle: each a line naming the
  /// clip and its path in the file, all at once, nothing written.
  func testBadTimelinesNameTheClipAndItsPath() throws {
    let otio = out("bad.otio")
    _ = try timeline(
      """
      tl = otio.schema.Timeline(name="bad")
      v = otio.schema.Track(kind="Video")
      tl.tracks.append(v)
      missing = otio.schema.Clip(
          name="lost", media_reference=otio.schema.MissingReference(), source_range=TR(RT(0, rate), RT(5, rate)))
      dissolve = otio.schema.Transition(
          transition_type="SMPTE_Dissolve", in_offset=RT(4, rate), out_offset=RT(4, rate))
      v.extend([clip("a", 0, 10), dissolve, clip("early", 2, 10), missing])
      otio.adapters.write_to_file(tl, sys.argv[1])
      print("[]")
      """, to: otio)
    let text = try String(contentsOfFile: otio, encoding: .utf8)
    let output = out("bad.mp4")
    let result = try ClipmergeProcess.run(["compose", otio, "-o", output])
    XCTAssertEqual(result.code, 65, result.stderr)
    XCTAssertEqual(
      result.stderr,
      "clipmerge: error: \(otio): tracks.children[0].children[3].media_references.DEFAULT_MEDIA: clip 'lost' has "
        + "no media (a MissingReference)\n"
        + "clipmerge: error: \(otio): tracks.children[0].children[2]: clip 'early' has no handle of 0.160 s "
        + "before its source range for the dissolve at tracks.children[0].children[1]\n")
    XCTAssertFalse(FileManager.default.fileExists(atPath: output))

    let unknown = out("unknown.otio")
    try text.replacingOccurrences(of: "\"Transition.1\"", with: "\"Wipe.1\"").write(
      toFile: unknown, atomically: true, encoding: .utf8)
    let refused = try ClipmergeProcess.run(["compose", unknown, "-o", output])
    XCTAssertEqual(refused.code, 65, refused.stderr)
    XCTAssertTrue(
      refused.stderr.contains(
        "clipmerge: error: \(unknown): tracks.children[0].children[1]: unsupported schema 'Wipe' (expected Clip, "
          + "Gap or Transition)\n"), refused.stderr)

    let lost = out("lost.otio")
    try text.replacingOccurrences(of: FixtureFiles.path("numbered.mp4"), with: out("nowhere.mp4")).write(
      toFile: lost, atomically: true, encoding: .utf8)
    let absent = try ClipmergeProcess.run(["compose", lost, "-o", output])
    XCTAssertNotEqual(absent.code, 0)
    XCTAssertTrue(
      absent.stderr.contains(
        "clipmerge: error: \(lost): tracks.children[0].children[0].media_references.DEFAULT_MEDIA.target_url: "),
      absent.stderr)
    XCTAssertTrue(absent.stderr.contains("nowhere.mp4"), absent.stderr)
  }
}
