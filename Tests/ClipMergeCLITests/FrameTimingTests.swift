import Composition
import Foundation
import TestSupport
import XCTest

/// Every frame once, on every container, checked from outside: outputs and sources are decoded by the ffmpeg
/// CLI and read by ffprobe (`ExternalFrames`), and every output frame must show the source frame on screen at
/// its time (`FrameCheck`). Matroska and WebM count milliseconds, so a 60 fps picture at 1/60 s is stamped
/// 0.017 s: a reader that took the stamp at its word dropped one frame in three and doubled another.
final class FrameTimingTests: XCTestCase {
  /// The fixtures in every container and clock clipmerge reads (Fixtures/make-fixtures.sh, `timing-*`).
  static let containers = [
    "timing-30.mp4", "timing-2997.mov", "timing-60.mkv", "timing-2997.mkv", "timing-30.webm", "timing-60.webm",
    "timing-25.ts", "timing-25.avi", "timing-bframes.avi", "timing-10.gif", "timing-10.apng",
  ]

  private var folder: URL!

  override func setUp() {
    folder = FixtureFiles.temporaryFolder()
  }

  override func tearDown() {
    try? FileManager.default.removeItem(at: folder)
  }

  /// Runs clipmerge with `arguments`, failing the test with its message when it fails.
  @discardableResult
  private func clipmerge(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws
    -> ClipmergeProcess.Result
  {
    let result = try ClipmergeProcess.run(arguments)
    guard result.code == 0 else {
      throw CheckError("clipmerge \(arguments.joined(separator: " ")) exited \(result.code): \(result.stderr)")
    }
    return result
  }

  private func out(_ name: String) -> String { folder.appendingPathComponent(name).path }

  /// The frame duration of the output's video, from ffprobe.
  private func frameDuration(of path: String) throws -> MediaTime {
    let rate = try ClipmergeProcess.runTool(
      "ffprobe",
      ["-v", "error", "-select_streams", "v:0", "-show_entries", "stream=r_frame_rate", "-of", "csv=p=0", path]
    ).trimmingCharacters(in: .whitespacesAndNewlines)
    guard let perSecond = ExternalFrames.rational(rate), perSecond > .zero,
      let duration = MediaTime(value: Int64(perSecond.timescale), timescale: Int32(clamping: perSecond.value))
    else { throw CheckError("\(path): no frame rate (\(rate))") }
    return duration
  }

  /// Whether `frames` are stamped at a variable rate: the steps between their stamps differ by more than a tick.
  private func isVariable(_ frames: ExternalFrames) -> Bool {
    let stamps = frames.times.compactMap { $0 }
    let steps = zip(stamps, stamps.dropFirst()).map { $1 - $0 }
    guard let low = steps.min(), let high = steps.max() else { return false }
    return high - low > frames.tick
  }

  private func assertShowsSource(
    _ output: String, source: ExternalFrames, frameDuration: MediaTime? = nil,
    sourceTime: (MediaTime) -> MediaTime? = { $0 }, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let frames = try ExternalFrames(output)
    XCTAssertFalse(frames.thumbnails.isEmpty, "\(output) has no frames", file: file, line: line)
    // A variable frame rate output is checked at its own stamps.
    let grid = try frameDuration ?? (isVariable(frames) ? nil : self.frameDuration(of: output))
    let problems = FrameCheck.mismatches(output: frames, source: source, frameDuration: grid, sourceTime: sourceTime)
    XCTAssertEqual(problems, [], "\(source.path) → \(output)", file: file, line: line)
  }

  /// At its own rate each fixture's output shows each of its frames exactly once, in order; at 24 fps each output
  /// frame shows the source frame on screen at its time.
  func testEveryContainerShowsEachFrameOnceAtItsOwnRate() throws {
    for name in Self.containers {
      let path = FixtureFiles.path(name)
      let source = try ExternalFrames(path)
      let own = out("\(name).mp4")
      try clipmerge(["concat", path, "-o", own, "--preset", "ultrafast", "-q"])
      let frames = try ExternalFrames(own)
      XCTAssertEqual(frames.thumbnails.count, source.thumbnails.count, "\(name): one output frame per source frame")
      // Whatever the rule says, output frame k is source frame k: every fixture frame differs from every other.
      let shown = frames.thumbnails.map { FrameCheck.match($0, expected: 0, in: source).best }
      XCTAssertEqual(shown, Array(source.thumbnails.indices), "\(name): each frame once, in order")
      try assertShowsSource(own, source: source)
      let other = out("\(name)-24.mp4")
      try clipmerge(["concat", path, "-o", other, "--fps", "24", "--preset", "ultrafast", "-q"])
      try assertShowsSource(other, source: source, frameDuration: MediaTime.ticks(1, rate: 24))
    }
  }

  /// Every container clipmerge writes keeps the frames of a 30 fps and a 29.97 fps source once each (Matroska's
  /// and WebM's millisecond stamps, MPEG-TS's 90 kHz, MOV's); a GIF at 10 fps shows every third frame.
  func testEveryOutputContainerKeepsEachFrame() throws {
    for name in ["timing-30.mp4", "timing-2997.mov"] {
      let path = FixtureFiles.path(name)
      let source = try ExternalFrames(path)
      for container in ["mov", "mkv", "webm", "ts"] {
        let output = out("\(name).\(container)")
        try clipmerge(["concat", path, "-o", output, "--preset", "ultrafast", "-q"])
        XCTAssertEqual(try ExternalFrames(output).thumbnails.count, source.thumbnails.count, output)
        try assertShowsSource(output, source: source)
      }
    }
    let source = try ExternalFrames(FixtureFiles.path("timing-30.mp4"))
    let gif = out("every-third.gif")
    try clipmerge(["concat", FixtureFiles.path("timing-30.mp4"), "-o", gif, "--fps", "10", "-q"])
    try assertShowsSource(gif, source: source, frameDuration: MediaTime.ticks(1, rate: 10))
  }

  /// A variable frame rate clip (frames 0, 2, 5, 8 of every 12 at 30 fps: 10 fps on average) keeps its frames'
  /// own times: each shown once, in order, when the source shows it (ffprobe's packet times are the source's).
  func testVariableRateClipShowsEveryFrame() throws {
    let path = FixtureFiles.path("timing-vfr.mp4")
    let source = try ExternalFrames(path)
    let output = out("vfr.mp4")
    try clipmerge(["concat", path, "-o", output, "--preset", "ultrafast", "-q"])
    VariableFrameRateTests.assertSameTimes(
      try VariableFrameRateTests.pictureTimes(output), try VariableFrameRateTests.pictureTimes(path))
    let frames = try ExternalFrames(output)
    let shown = frames.thumbnails.map { FrameCheck.match($0, expected: 0, in: source).best }
    XCTAssertEqual(shown, Array(source.thumbnails.indices), "each frame once, in order")
  }

  /// A clip whose first picture is at 3 s (an empty edit before it) lasts as long as its pictures, from them on,
  /// as in the ffmpeg CLI and players: 2 s, not 5 s of which 3 s a held last picture.
  func testLateFirstPictureStartsTheClip() throws {
    let path = FixtureFiles.path("timing-late.mp4")
    let source = try ExternalFrames(path)
    let output = out("late.mp4")
    try clipmerge(["concat", path, "-o", output, "--preset", "ultrafast", "-q"])
    XCTAssertEqual(try ExternalFrames(output).thumbnails.count, 60)
    try assertShowsSource(output, source: source)
  }

  /// `frame --at T` shows the source frame on screen at T, as the render's frame at T does, on every container
  /// (a transport stream's seek lands between keyframes: decoding starts at the next one).
  func testStillsShowTheFrameOnScreen() throws {
    for name in Self.containers {
      let path = FixtureFiles.path(name)
      let source = try ExternalFrames(path)
      let times = ["0", "0.5", "1.05", "1.55", "1.95"]
      try clipmerge(["frame", path, "--at", times.joined(separator: ","), "-o", out("\(name)-%d.png"), "-q"])
      for (index, time) in times.enumerated() {
        let still = try ExternalFrames(out("\(name)-\(index + 1).png"))
        let at = try XCTUnwrap(MediaTime(parsing: time))
        let expected = FrameCheck.expectedFrame(at: at, in: source)
        let (best, ok) = FrameCheck.match(try XCTUnwrap(still.thumbnails.first), expected: expected, in: source)
        XCTAssertTrue(ok, "\(name) at \(time) s shows frame \(best), not \(expected)")
      }
    }
  }

  /// A smart render of a trimmed clip, a stream-copy join and a render in three segments joined show the
  /// source frames on screen at their times, copied parts and encoded parts alike.
  func testSmartCopyAndSegmentRendersKeepEachFrame() throws {
    let mp4 = FixtureFiles.path("timing-30.mp4")
    let mkv = FixtureFiles.path("timing-60.mkv")
    let source = try ExternalFrames(mp4)
    let smart = out("smart.mp4")
    let result = try clipmerge(["concat", "\(mp4)#t=0.5,1.9", "--smart", "-o", smart, "--preset", "ultrafast"])
    XCTAssertTrue(result.stderr.contains("copied"), "the smart render copies: \(result.stderr)")
    try assertShowsSource(smart, source: source) { $0 + MediaTime.ticks(15, rate: 30) }

    let sixty = try ExternalFrames(mkv)
    let copy = out("copy.mkv")
    try clipmerge(["concat", mkv, mkv, "--copy", "-o", copy, "-q"])
    XCTAssertEqual(try ExternalFrames(copy).thumbnails.count, 2 * sixty.thumbnails.count)
    try assertShowsSource(copy, source: sixty) { $0 < MediaTime(seconds: 2) ? $0 : $0 - MediaTime(seconds: 2) }

    let job = out("job")
    let webm = FixtureFiles.path("timing-60.webm")
    let webmFrames = try ExternalFrames(webm)
    try clipmerge(["plan", "--segments", "3", job, "--", "concat", webm, "--preset", "ultrafast"])
    for line in 0..<3 { try clipmerge(["segment", job, String(line)]) }
    let joined = out("joined.mp4")
    try clipmerge(["join", job, "-o", joined, "-q"])
    XCTAssertEqual(try ExternalFrames(joined).thumbnails.count, webmFrames.thumbnails.count)
    try assertShowsSource(joined, source: webmFrames)
  }

  /// Every video in ../shared/media (skipped, saying so, where it is absent), rendered at its default rate, shows
  /// the source frame on screen at every output frame's time (interlaced clips checked against yadif's
  /// pictures). `invalid-bitstream.webm` has no picture the ffmpeg CLI can decode: clipmerge refuses it (65).
  func testSharedClipsShowTheFrameOnScreen() throws {
    let media = try FixtureFiles.sharedMedia()
    let names = try FileManager.default.contentsOfDirectory(atPath: media.path).sorted().filter { !$0.hasSuffix(".md") }
    var checked: [String] = []
    for name in names {
      let path = media.appendingPathComponent(name).path
      guard let (stream, interlaced, size) = try videoStream(of: path) else { continue }
      let output = out("\(name).mp4")
      let result = try ClipmergeProcess.run(["concat", path, "-o", output, "--preset", "ultrafast", "--size", size])
      if name == "invalid-bitstream.webm" {
        XCTAssertEqual(result.code, 65, result.stderr)
        XCTAssertEqual(
          result.stderr,
          "clipmerge: error: \(path): no picture of its video decodes (damaged data, or a size it does not have)\n")
        continue
      }
      XCTAssertEqual(result.code, 0, "\(name): \(result.stderr)")
      guard result.code == 0 else { continue }
      try assertShowsSource(output, source: try ExternalFrames(path, stream: stream, deinterlace: interlaced))
      checked.append(name)
    }
    XCTAssertGreaterThanOrEqual(checked.count, 25, "checked: \(checked)")
    print("frame timing checked on \(checked.count) shared clips")
  }

  /// The index of the video stream clipmerge uses in `path`, whether it is interlaced, and a render size 160
  /// pixels wide of its shape (the tests' unoptimized build composes 4K slowly), from `clipmerge probe --json`;
  /// nil for a file without one.
  private func videoStream(of path: String) throws -> (Int, Bool, String)? {
    let result = try ClipmergeProcess.run(["probe", "--json", path])
    guard result.code == 0,
      let json = try JSONSerialization.jsonObject(with: result.output) as? [String: Any],
      let streams = json["streams"] as? [[String: Any]]
    else { return nil }
    let used = streams.first { $0["type"] as? String == "video" && $0["selected"] as? Bool == true }
    guard let used, let index = used["index"] as? Int else { return nil }
    let order = used["fieldOrder"] as? String
    let width = used["displayWidth"] as? Int ?? 16
    let height = used["displayHeight"] as? Int ?? 9
    let size = "160x\(max(2, (160 * height + width) / (2 * width) * 2))"
    return (index, order != nil && order != "progressive", size)
  }
}
