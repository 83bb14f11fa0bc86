import Foundation
import TestSupport
import XCTest

/// Speed, reverse and freeze in a clip's fragment, checked from outside: the ffmpeg CLI decodes the output and
/// the source, each output frame is matched to a source frame by least squares, and a Goertzel filter listens
/// to the sound the ffmpeg CLI decodes.
final class SpeedTests: XCTestCase {
  private var folder: URL!
  /// 6 s of testsrc2 at 10 fps (every frame differs), a keyframe every 12 frames (so a reverse crosses groups
  /// of pictures), with a 1 kHz tone.
  private var source: String!

  override func setUpWithError() throws {
    folder = FixtureFiles.temporaryFolder()
    source = folder.appendingPathComponent("counted.mp4").path
    _ = try ClipmergeProcess.runTool(
      "ffmpeg",
      [
        "-nostdin", "-v", "error", "-f", "lavfi", "-i", "testsrc2=s=160x120:r=10:d=6", "-f", "lavfi", "-i",
        "sine=frequency=1000:sample_rate=48000:duration=6", "-c:v", "libx264", "-g", "12", "-preset", "ultrafast",
        "-c:a", "aac", "-b:a", "192k", "-shortest", source,
      ])
  }

  /// Renders `clip` (with `options`) and returns which source frame each output frame shows.
  private func shownFrames(_ clip: String, _ options: [String] = []) throws -> (frames: [Int], output: String) {
    let out = folder.appendingPathComponent("out-\(UUID().uuidString.prefix(8)).mov").path
    let result = try ClipmergeProcess.run(
      ["concat", clip, "-o", out, "--preset", "ultrafast", "--audio-codec", "pcm", "-q"] + options)
    XCTAssertEqual(result.code, 0, result.stderr)
    let sourceFrames = try ExternalFrames(source)
    let frames = try ExternalFrames(out)
    return (frames.thumbnails.map { FrameCheck.match($0, expected: 0, in: sourceFrames).best }, out)
  }

  /// The output's sound, mono, as the ffmpeg CLI decodes it.
  private func sound(of path: String) throws -> [Float] {
    let raw = folder.appendingPathComponent("sound.f32").path
    _ = try ClipmergeProcess.runTool(
      "ffmpeg", ["-nostdin", "-v", "error", "-y", "-i", path, "-ac", "1", "-ar", "48000", "-f", "f32le", raw])
    return try Data(contentsOf: URL(fileURLWithPath: raw)).withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
  }

  /// Which of `frequencies` is loudest in the middle half second of `samples`.
  private func loudest(_ frequencies: [Double], in samples: [Float]) -> Double {
    let middle = samples.count / 2
    let window = samples[(middle - 12_000)..<(middle + 12_000)]
    return frequencies.max {
      Tone.amplitude(of: $0, in: window, sampleRate: 48000) < Tone.amplitude(of: $1, in: window, sampleRate: 48000)
    } ?? 0
  }

  /// Half speed shows each source frame twice, lasts twice as long, and the 1 kHz tone stays at 1 kHz (Rubber
  /// Band); `--pitch follow` drops it an octave, to 500 Hz.
  func testHalfSpeedShowsEachFrameTwiceAndKeepsThePitch() throws {
    let (frames, out) = try shownFrames("\(source!)#t=1,2&speed=0.5")
    XCTAssertEqual(frames, (0..<20).map { 10 + $0 / 2 })
    let samples = try sound(of: out)
    XCTAssertEqual(samples.count, 2 * 48000)
    XCTAssertEqual(loudest([500, 1000, 2000], in: samples), 1000)
    XCTAssertGreaterThan(Tone.rms(samples[48000..<72000]), 0.05, "the tone is heard at its level")
    let (followed, tape) = try shownFrames("\(source!)#t=1,2&speed=0.5", ["--pitch", "follow"])
    XCTAssertEqual(followed, frames)
    XCTAssertEqual(loudest([500, 1000, 2000], in: try sound(of: tape)), 500)
  }

  /// Double speed shows every other frame and keeps the pitch.
  func testDoubleSpeedShowsEveryOtherFrame() throws {
    let (frames, out) = try shownFrames("\(source!)#t=1,5&speed=2")
    XCTAssertEqual(frames, (0..<20).map { 10 + 2 * $0 })
    XCTAssertEqual(loudest([500, 1000, 2000], in: try sound(of: out)), 1000)
  }

  /// `&speed=-1` shows the range's frames in reverse order (across two groups of pictures); `&speed=-2` every
  /// other one backwards. The sound plays backwards at its pitch.
  func testReverseShowsTheFramesInReverseOrder() throws {
    let (frames, out) = try shownFrames("\(source!)#t=1,3&speed=-1")
    XCTAssertEqual(frames, Array((10..<30).reversed()))
    let samples = try sound(of: out)
    XCTAssertEqual(samples.count, 2 * 48000)
    XCTAssertEqual(loudest([500, 1000, 2000], in: samples), 1000)
    let (fast, _) = try shownFrames("\(source!)#t=1,5&speed=-2")
    XCTAssertEqual(fast, (0..<20).map { 49 - 2 * $0 })
  }

  /// Reversed sound is the source's samples backwards: a rising sweep comes out falling.
  func testReversedSoundPlaysBackwards() throws {
    let sweep = folder.appendingPathComponent("sweep.mov").path
    _ = try ClipmergeProcess.runTool(
      "ffmpeg",
      [
        "-nostdin", "-v", "error", "-f", "lavfi", "-i", "color=c=gray:s=64x48:r=10:d=4", "-f", "lavfi", "-i",
        "aevalsrc='if(lt(t,2),sin(2*PI*500*t),sin(2*PI*2000*t))':s=48000:d=4", "-c:v", "libx264", "-preset",
        "ultrafast", "-c:a", "pcm_s16le", "-shortest", sweep,
      ])
    let out = folder.appendingPathComponent("reversed.mov").path
    let result = try ClipmergeProcess.run([
      "concat", "\(sweep)#t=1,3&speed=-1", "-o", out, "--preset", "ultrafast", "--audio-codec", "pcm", "-q",
    ])
    XCTAssertEqual(result.code, 0, result.stderr)
    let samples = try sound(of: out)
    // Source 1-2 s is 500 Hz and 2-3 s 2000 Hz: backwards, the output starts at 2000 Hz and ends at 500 Hz.
    let first = samples[12_000..<36_000]
    let last = samples[60_000..<84_000]
    XCTAssertGreaterThan(
      Tone.amplitude(of: 2000, in: first, sampleRate: 48000), 10 * Tone.amplitude(of: 500, in: first, sampleRate: 48000)
    )
    XCTAssertGreaterThan(
      Tone.amplitude(of: 500, in: last, sampleRate: 48000), 10 * Tone.amplitude(of: 2000, in: last, sampleRate: 48000))
  }

  /// `#freeze=2,1` holds the picture at 2 s for exactly 1 s; between two clips it is silent.
  func testFreezeHoldsOnePicture() throws {
    let (frames, _) = try shownFrames("\(source!)#freeze=2,1")
    XCTAssertEqual(frames, [Int](repeating: 20, count: 10))
    let (joined, out) = try shownFrames("\(source!)#t=0,1", ["\(source!)#freeze=2,1", "\(source!)#t=3,4"])
    XCTAssertEqual(joined, Array(0..<10) + [Int](repeating: 20, count: 10) + Array(30..<40))
    let samples = try sound(of: out)
    XCTAssertEqual(samples.count, 3 * 48000)
    XCTAssertGreaterThan(Tone.rms(samples[12_000..<36_000]), 0.05)
    XCTAssertLessThan(Tone.rms(samples[60_000..<84_000]), 0.001, "the held picture is silent")
    XCTAssertGreaterThan(Tone.rms(samples[108_000..<132_000]), 0.05)
  }

  /// `--print-spec` writes the speed, the reverse and the freeze; compose renders the same frames from it.
  func testTheSpecCarriesSpeedReverseAndFreeze() throws {
    let printed = try ClipmergeProcess.run([
      "concat", "\(source!)#t=1,3&speed=-1", "\(source!)#freeze=2,1", "\(source!)#t=1,2&speed=1/2", "-o", "x.mov",
      "--print-spec",
    ])
    XCTAssertEqual(printed.code, 0, printed.stderr)
    for key in ["\"reverse\"", "\"freeze\"", "\"speed\""] {
      XCTAssertTrue(printed.stdout.contains(key), "\(key) in \(printed.stdout)")
    }
    let spec = folder.appendingPathComponent("spec.json")
    try printed.output.write(to: spec)
    let out = folder.appendingPathComponent("composed.mov").path
    let result = try ClipmergeProcess.run(["compose", spec.path, "-o", out, "--preset", "ultrafast", "-q"])
    XCTAssertEqual(result.code, 0, result.stderr)
    let sourceFrames = try ExternalFrames(source)
    let frames = try ExternalFrames(out).thumbnails.map { FrameCheck.match($0, expected: 0, in: sourceFrames).best }
    XCTAssertEqual(
      frames, Array((10..<30).reversed()) + [Int](repeating: 20, count: 10) + (0..<20).map { 10 + $0 / 2 })
  }

  /// Overlay takes the same fragments: a base at double speed under an overlay held still lasts as long as the
  /// faster base (20 frames, 2 s, by ffprobe); `frame -- concat` shows the picture a reversed clip has at a time.
  func testOverlayAndFrameTakeTheFragments() throws {
    let out = folder.appendingPathComponent("overlay.mov").path
    let result = try ClipmergeProcess.run([
      "overlay", "\(source!)#t=1,5&speed=2", "\(source!)#freeze=2,1", "-o", out, "--preset", "ultrafast", "-q",
    ])
    XCTAssertEqual(result.code, 0, result.stderr)
    let frames = try ClipmergeProcess.runTool(
      "ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries", "stream=nb_frames", "-of", "csv=p=0", out])
    XCTAssertEqual(frames.trimmingCharacters(in: .whitespacesAndNewlines), "20")
    let picture = folder.appendingPathComponent("frame.png").path
    let frame = try ClipmergeProcess.run([
      "frame", "--at", "0.5", "-o", picture, "--", "concat", "\(source!)#t=1,3&speed=-1",
    ])
    XCTAssertEqual(frame.code, 0, frame.stderr)
    let sourceFrames = try ExternalFrames(source)
    let shown = try ExternalFrames(picture).thumbnails.map { FrameCheck.match($0, expected: 0, in: sourceFrames).best }
    XCTAssertEqual(shown, [24], "0.5 s into 3 s → 1 s backwards: the picture just before 2.5 s")
  }

  /// Each bad value gets one line naming what is allowed; a freeze past the clip's end names its length.
  func testBadSpeedsAndFreezesAreRefused() throws {
    let allowed = "a speed from 1/16 to 16, or from -1/16 to -16 to play backwards (0.5, 2, -1, 1/3)"
    let cases: [(String, String, Int32)] = [
      ("\(source!)#t=1,2&speed=0", "'\(source!)#t=1,2&speed=0': speed=0: expected \(allowed)", 64),
      ("\(source!)#speed=100", "'\(source!)#speed=100': speed=100: expected \(allowed)", 64),
      ("\(source!)#speed=-1/32", "'\(source!)#speed=-1/32': speed=-1/32: expected \(allowed)", 64),
      (
        "\(source!)#freeze=2",
        "'\(source!)#freeze=2': freeze=2: expected freeze=AT,DURATION, the time of the "
          + "picture and how long it shows (above 0)", 64
      ),
      (
        "\(source!)#t=1,2&freeze=2,1",
        "'\(source!)#t=1,2&freeze=2,1': freeze= holds one picture: it goes without t= and speed=", 64
      ),
      (
        "\(source!)#t=1,2&pace=2",
        "'\(source!)#t=1,2&pace=2': 'pace=2' is not a fragment clipmerge knows (t=, speed=, freeze=, zoom=, fit=, effect=)",
        64
      ),
      ("\(source!)#freeze=9,1", "\(source!): the picture to hold is at 9.000 s, but the clip lasts 6.000 s", 65),
    ]
    for (clip, message, code) in cases {
      let out = folder.appendingPathComponent("never.mp4").path
      let result = try ClipmergeProcess.run(["concat", clip, "-o", out])
      XCTAssertEqual(result.code, code, clip)
      XCTAssertEqual(result.stderr, "clipmerge: error: \(message)\n")
      XCTAssertFalse(FileManager.default.fileExists(atPath: out))
    }
    let copy = try ClipmergeProcess.run(["concat", "\(source!)#speed=2", source!, "--copy", "-o", "/tmp/n.mp4"])
    XCTAssertEqual(copy.stderr, "clipmerge: error: --copy joins without re-encoding, so &speed= cannot apply\n")
  }
}
