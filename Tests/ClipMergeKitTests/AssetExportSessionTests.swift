import ClipMergeKit
import Foundation
import TestSupport
import XCTest

/// ClipMergeKit used as a Swift program uses it: assets into a mutable composition, layer instructions with
/// opacity and transform, an audio mix, an export session awaited, cancelled, refused. Checked from outside
/// with ffprobe and the ffmpeg CLI's decoder.
final class AssetExportSessionTests: XCTestCase {
  private func url(_ name: String) -> URL { URL(fileURLWithPath: FixtureFiles.path(name)) }
  private func output(_ name: String) -> URL { FixtureFiles.temporaryFolder().appendingPathComponent(name) }

  /// The mean luma of a 1-frame grey picture the ffmpeg CLI decodes at `time` of `file`, scaled to 8×8.
  private func luma(_ file: URL, at time: Double) throws -> Double {
    let folder = FixtureFiles.temporaryFolder()
    let picture = folder.appendingPathComponent("f.gray").path
    _ = try ClipmergeProcess.runTool(
      "ffmpeg",
      [
        "-nostdin", "-v", "error", "-ss", String(time), "-i", file.path, "-frames:v", "1", "-vf", "scale=8:8",
        "-pix_fmt", "gray", "-f", "rawvideo", picture,
      ])
    let bytes = try Data(contentsOf: URL(fileURLWithPath: picture))
    XCTAssertEqual(bytes.count, 64)
    return Double(bytes.reduce(0) { $0 + Int($1) }) / Double(max(bytes.count, 1))
  }

  /// Two clips one after the other with an audio track under both: the output lasts exactly their sum, shows
  /// each in turn (the first's opacity set to 0 at its end), and a volume ramp is heard.
  func testTwoClipsInSequenceWithAnAudioTrack() async throws {
    // The program's FFmpeg log level is its own: an export leaves it as it was.
    FFmpegLog.level = 24
    defer { FFmpegLog.silence() }
    let first = try Asset(url: url("still-red.mp4"))
    let second = try Asset(url: url("still-blue.mp4"))
    let music = try Asset(url: url("music.m4a"))
    let composition = MutableComposition()
    let a = composition.addMutableTrack(withMediaType: .video)
    try a.insertTimeRange(
      first.tracks(withMediaType: .video)[0].timeRange, of: first.tracks(withMediaType: .video)[0], at: .zero)
    let b = composition.addMutableTrack(withMediaType: .video)
    try b.insertTimeRange(
      second.tracks(withMediaType: .video)[0].timeRange, of: second.tracks(withMediaType: .video)[0], at: first.duration
    )
    let total = first.duration + second.duration
    let sound = composition.addMutableTrack(withMediaType: .audio)
    try sound.insertTimeRange(
      TimeRange(start: .zero, duration: min(total, music.duration)), of: music.tracks(withMediaType: .audio)[0],
      at: .zero)
    let top = MutableVideoCompositionLayerInstruction(assetTrack: a)
    top.setOpacity(0, at: first.duration)
    let instruction = MutableVideoCompositionInstruction(
      timeRange: TimeRange(start: .zero, duration: total),
      layerInstructions: [top, MutableVideoCompositionLayerInstruction(assetTrack: b)])
    let size = first.tracks(withMediaType: .video)[0].naturalSize
    let video = MutableVideoComposition(
      renderSize: size, frameDuration: MediaTime.ticks(1, rate: 25), instructions: [instruction])
    let mix = MutableAudioMixInputParameters(track: sound)
    mix.setVolumeRamp(fromStartVolume: 1, toEndVolume: 0, timeRange: TimeRange(start: .zero, duration: music.duration))
    let session = AssetExportSession(asset: composition, presetName: .mediumQuality)
    let target = output("merged.mp4")
    session.outputURL = target
    session.videoComposition = video
    session.audioMix = MutableAudioMix(inputParameters: [mix])
    let report = try await session.export()
    XCTAssertEqual(FFmpegLog.level, 24, "the export changed FFmpeg's log level")
    XCTAssertEqual(session.status, .completed)
    XCTAssertEqual(session.progress, 1)
    XCTAssertEqual(report.duration, total)
    let probed = try ClipmergeProcess.runTool(
      "ffprobe", ["-v", "error", "-show_entries", "stream=codec_type:format=duration", "-of", "csv=p=0", target.path])
    XCTAssertEqual(probed, "video\naudio\n\(String(format: "%.6f", total.seconds))\n")
    // Red first (luma about 81), blue after (about 41), by the ffmpeg CLI's decoder.
    let (red, blue) = (try luma(url("still-red.mp4"), at: 0), try luma(url("still-blue.mp4"), at: 0))
    XCTAssertGreaterThan(red - blue, 20, "the two clips differ")
    XCTAssertEqual(try luma(target, at: first.duration.seconds / 2), red, accuracy: 3)
    XCTAssertEqual(try luma(target, at: first.duration.seconds + second.duration.seconds / 2), blue, accuracy: 3)
  }

  /// An HDR clip exported with no codec named keeps its HDR: HEVC 10-bit HLG in `hvc1`, by ffprobe, as the
  /// command line's output does.
  func testAnHDRClipIsExportedAsHEVCTenBit() async throws {
    let phone = try Asset(url: url("phone.mp4"))
    let composition = MutableComposition()
    let track = composition.addMutableTrack(withMediaType: .video)
    let source = phone.tracks(withMediaType: .video)[0]
    try track.insertTimeRange(TimeRange(start: .zero, duration: MediaTime(seconds: 1)), of: source, at: .zero)
    let session = AssetExportSession(asset: composition, presetName: .mediumQuality)
    let target = output("phone.mp4")
    session.outputURL = target
    _ = try await session.export()
    XCTAssertEqual(session.status, .completed)
    let probed = try ClipmergeProcess.runTool(
      "ffprobe",
      [
        "-v", "error", "-select_streams", "v:0", "-show_entries",
        "stream=codec_name,codec_tag_string,pix_fmt,color_transfer",
        "-of", "csv=p=0", target.path,
      ])
    XCTAssertEqual(probed, "hevc,hvc1,yuv420p10le,arib-std-b67\n")
  }

  /// A variable frame rate clip exported as it is keeps each picture at its own time (ffprobe's packet times are
  /// the source's: 100, 90 and 80 ms frames), as the command line's output does.
  func testAVariableRateClipKeepsItsPicturesTimes() async throws {
    let clip = try Asset(url: url("vfr-steps.mp4"))
    let composition = MutableComposition()
    let track = composition.addMutableTrack(withMediaType: .video)
    let source = clip.tracks(withMediaType: .video)[0]
    try track.insertTimeRange(source.timeRange, of: source, at: .zero)
    let session = AssetExportSession(asset: composition, presetName: .lowQuality)
    let target = output("vfr.mp4")
    session.outputURL = target
    _ = try await session.export()
    func times(_ path: String) throws -> [String] {
      try ClipmergeProcess.runTool(
        "ffprobe",
        ["-v", "error", "-select_streams", "v:0", "-show_entries", "packet=pts_time", "-of", "csv=p=0", path]
      ).split(separator: "\n").map(String.init).sorted { Double($0) ?? 0 < Double($1) ?? 0 }
    }
    let made = try times(target.path)
    XCTAssertEqual(made.count, 25)
    XCTAssertEqual(made, try times(FixtureFiles.path("vfr-steps.mp4")))
  }

  /// `scaleTimeRange` to twice the length plays 2 s of a clip over 4 s: 120 frames at 30 fps by ffprobe, and
  /// its 440 Hz tone stays at 440 Hz (`audioTimePitchAlgorithm` `.keep`, the default), by the ffmpeg CLI's
  /// decoder and a Goertzel filter; `.follow` drops it to 220 Hz. A range that cuts an insertion is refused.
  func testScaleTimeRangeSlowsPictureAndSound() async throws {
    let asset = try Asset(url: url("base.mp4"))
    for (pitch, heard, notHeard) in [(AudioTimePitch.keep, 440.0, 220.0), (.follow, 220, 440)] {
      let composition = MutableComposition()
      let two = TimeRange(start: .zero, duration: MediaTime(seconds: 2))
      for kind in [MediaKind.video, .audio] {
        let track = composition.addMutableTrack(withMediaType: kind)
        try track.insertTimeRange(two, of: asset.tracks(withMediaType: kind)[0], at: .zero)
        try track.scaleTimeRange(two, toDuration: MediaTime(seconds: 4))
        XCTAssertThrowsError(
          try track.scaleTimeRange(TimeRange(start: .zero, duration: MediaTime(seconds: 1)), toDuration: .zero))
        XCTAssertThrowsError(
          try track.scaleTimeRange(
            TimeRange(start: MediaTime(seconds: 1), duration: MediaTime(seconds: 1)), toDuration: MediaTime(seconds: 2))
        )
      }
      let session = AssetExportSession(asset: composition, presetName: .mediumQuality)
      let target = output("slow-\(pitch.rawValue).mov")
      session.outputURL = target
      session.audioTimePitchAlgorithm = pitch
      let report = try await session.export()
      XCTAssertEqual(report.duration, MediaTime(seconds: 4))
      let frames = try ClipmergeProcess.runTool(
        "ffprobe",
        ["-v", "error", "-select_streams", "v:0", "-show_entries", "stream=nb_frames", "-of", "csv=p=0", target.path])
      XCTAssertEqual(frames, "120\n")
      let raw = FixtureFiles.temporaryFolder().appendingPathComponent("slow.f32").path
      _ = try ClipmergeProcess.runTool(
        "ffmpeg", ["-nostdin", "-v", "error", "-i", target.path, "-ac", "1", "-ar", "48000", "-f", "f32le", raw])
      let samples = try Data(contentsOf: URL(fileURLWithPath: raw)).withUnsafeBytes {
        Array($0.bindMemory(to: Float.self))
      }
      let window = samples[48_000..<144_000]
      XCTAssertGreaterThan(
        Tone.amplitude(of: heard, in: window, sampleRate: 48000),
        10 * Tone.amplitude(of: notHeard, in: window, sampleRate: 48000), "\(pitch)")
    }
  }

  /// Cancelling the task that awaits an export stops it with `interrupted` and leaves no file.
  func testCancellingTheTaskStopsTheExportAndLeavesNothing() async throws {
    let clip = try Asset(url: url("long-overlay.mp4"))
    let composition = MutableComposition()
    let track = composition.addMutableTrack(withMediaType: .video)
    for k in 0..<4 {
      try track.insertTimeRange(
        clip.tracks(withMediaType: .video)[0].timeRange, of: clip.tracks(withMediaType: .video)[0],
        at: clip.duration * Int64(k))
    }
    let session = AssetExportSession(asset: composition, presetName: .highestQuality)
    let target = output("cancelled.mov")
    session.outputURL = target
    let export = Task { try await session.export() }
    while session.progress == 0 && session.status != .failed { try await Task.sleep(nanoseconds: 10_000_000) }
    export.cancel()
    do {
      _ = try await export.value
      XCTFail("the export finished although cancelled")
    } catch {
      guard case .interrupted? = error as? EngineError else { return XCTFail("\(error)") }
    }
    XCTAssertEqual(session.status, .cancelled)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: target.deletingLastPathComponent().path), [])
  }

  /// A range outside its asset, a track of the wrong kind and a layer for a track the composition lacks are
  /// refused, each naming the problem.
  func testWrongRequestsAreRefused() async throws {
    let clip = try Asset(url: url("tiny.mp4"))
    let composition = MutableComposition()
    let video = composition.addMutableTrack(withMediaType: .video)
    XCTAssertThrowsError(
      try video.insertTimeRange(
        TimeRange(start: .zero, duration: clip.duration + MediaTime(seconds: 1)),
        of: clip.tracks(withMediaType: .video)[0],
        at: .zero)
    ) { error in
      XCTAssertTrue("\(error)".contains("is not inside the asset"), "\(error)")
      // What a top-level script prints of an uncaught error, and what `localizedDescription` says: our words.
      XCTAssertEqual(error.localizedDescription, "\(error)")
    }
    XCTAssertThrowsError(
      try video.insertTimeRange(
        clip.tracks(withMediaType: .audio)[0].timeRange, of: clip.tracks(withMediaType: .audio)[0], at: .zero)
    ) { XCTAssertTrue("\($0)".contains("an audio track inserted into a video track"), "\($0)") }
    try video.insertTimeRange(
      clip.tracks(withMediaType: .video)[0].timeRange, of: clip.tracks(withMediaType: .video)[0], at: .zero)
    let other = MutableComposition()
    other.addMutableTrack(withMediaType: .video)
    let stranger = other.addMutableTrack(withMediaType: .video)
    let session = AssetExportSession(asset: composition, presetName: .lowQuality)
    let never = output("never.mp4")
    session.outputURL = never
    session.videoComposition = MutableVideoComposition(
      renderSize: PixelSize(width: 64, height: 48), frameDuration: MediaTime.ticks(1, rate: 25),
      instructions: [
        MutableVideoCompositionInstruction(
          timeRange: TimeRange(start: .zero, duration: clip.duration),
          layerInstructions: [MutableVideoCompositionLayerInstruction(assetTrack: stranger)])
      ])
    do {
      _ = try await session.export()
      XCTFail("exported a layer of a track the composition does not have")
    } catch {
      XCTAssertTrue(error.description.contains("which the composition does not have"), error.description)
      XCTAssertEqual((error as Error).localizedDescription, error.description)
    }
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: never.deletingLastPathComponent().path), [])
  }
}
