import Foundation
import TestSupport
import XCTest

/// Loudness targets and ducking, heard and measured from outside: the ffmpeg CLI decodes the output, its
/// `ebur128=peak=true` filter measures the loudness and the true peak, and a Goertzel filter listens for tones.
final class SoundTests: XCTestCase {
  /// A clip of `seconds` of a small blue picture whose sound is the lavfi source `sound`.
  private func clip(_ name: String, sound: String, seconds: Int = 6, in folder: URL) throws -> String {
    let path = folder.appendingPathComponent(name).path
    _ = try ClipmergeProcess.runTool(
      "ffmpeg",
      [
        "-nostdin", "-v", "error", "-f", "lavfi", "-i", "color=c=0x204080:s=64x48:r=10:d=\(seconds)", "-f", "lavfi",
        "-i", sound, "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", "-b:a", "192k", "-shortest", path,
      ])
    return path
  }

  /// The integrated loudness (LUFS) and true peak (dBTP) of `path`'s sound, by the ffmpeg CLI's R128 meter.
  private func loudness(of path: String) throws -> (integrated: Double, truePeak: Double) {
    let result = try ClipmergeProcess.capture(
      URL(fileURLWithPath: "/usr/bin/env"),
      ["ffmpeg", "-nostdin", "-nostats", "-i", path, "-map", "0:a", "-af", "ebur128=peak=true", "-f", "null", "-"])
    XCTAssertEqual(result.code, 0, result.stderr)
    guard let summary = result.stderr.range(of: "Summary:") else {
      XCTFail("no R128 summary from ffmpeg: \(result.stderr.suffix(400))")
      return (.nan, .nan)
    }
    func value(after label: String) -> Double {
      let rest = result.stderr[summary.upperBound...]
      guard let at = rest.range(of: label) else { return .nan }
      let number = rest[at.upperBound...].drop { $0 == " " }.prefix { "-+.0123456789".contains($0) }
      return Double(number) ?? .nan
    }
    return (value(after: "I:"), value(after: "Peak:"))
  }

  /// `--loudness -14` on four kinds of sound: speech-like (noise in bursts with pauses), music-like (a low tone
  /// under decaying drum hits, peaks far above its loudness), one much too quiet (about -56 LUFS) and one too loud
  /// (pink noise near full scale). Each comes out at -14 ± 0.5 LUFS with its true peak at most -1 dBTP.
  func testLoudnessTargetIsMetOnSpeechMusicQuietAndLoudSound() throws {
    let folder = FixtureFiles.temporaryFolder()
    let sounds = [
      "speech": "anoisesrc=d=6:c=brown:a=0.3:r=48000,lowpass=3000,volume='if(lt(mod(t,1.3),0.8),1,0.02)':eval=frame",
      "music":
        "aevalsrc='0.02*sin(2*PI*220*t)+0.5*exp(-30*mod(t,0.5))*sin(2*PI*60*t)+0.01*sin(2*PI*3000*t)':s=48000:d=6",
      "quiet": "sine=frequency=440:sample_rate=48000:duration=6,volume=0.02",
      "loud": "anoisesrc=d=6:c=pink:a=1:r=48000,volume=4,alimiter=limit=1:level=false",
    ]
    for (name, sound) in sounds.sorted(by: { $0.key < $1.key }) {
      let input = try clip("\(name).mp4", sound: sound, in: folder)
      let before = try loudness(of: input)
      let out = folder.appendingPathComponent("\(name)-14.mp4").path
      let result = try ClipmergeProcess.run([
        "concat", input, "--loudness", "-14", "-o", out, "--preset", "ultrafast", "-q",
      ])
      XCTAssertEqual(result.code, 0, "\(name): \(result.stderr)")
      let after = try loudness(of: out)
      XCTAssertGreaterThan(abs(before.integrated + 14), 3, "\(name) should start far from the target")
      XCTAssertEqual(after.integrated, -14, accuracy: 0.5, "\(name): from \(before.integrated) LUFS")
      XCTAssertLessThanOrEqual(after.truePeak, -1.0, "\(name): true peak")
    }
  }

  /// A broadcast target (-23 LUFS) on a spec's output, and the spec's loudness shown by `--print-spec`.
  func testLoudnessFromTheSpecAndShownByPrintSpec() throws {
    let folder = FixtureFiles.temporaryFolder()
    let input = try clip("tone.mp4", sound: "sine=frequency=1000:sample_rate=48000:duration=6,volume=0.9", in: folder)
    let printed = try ClipmergeProcess.run(["concat", input, "--loudness", "-23", "-o", "x.mp4", "--print-spec"])
    XCTAssertEqual(printed.code, 0, printed.stderr)
    XCTAssertTrue(printed.stdout.contains("\"loudness\""), printed.stdout)
    let spec = folder.appendingPathComponent("spec.json")
    try printed.output.write(to: spec)
    let out = folder.appendingPathComponent("out.mov").path
    let result = try ClipmergeProcess.run(["compose", spec.path, "-o", out, "--preset", "ultrafast", "-q"])
    XCTAssertEqual(result.code, 0, result.stderr)
    XCTAssertEqual(try loudness(of: out).integrated, -23, accuracy: 0.5)
  }

  func testLoudnessOutOfRangeNamesTheRange() throws {
    let input = FixtureFiles.path("base.mp4")
    for bad in ["+5", "-80", "loud"] {
      let result = try ClipmergeProcess.run(["concat", input, "--loudness", bad, "-o", "/tmp/never.mp4"])
      XCTAssertEqual(result.code, 64)
      XCTAssertEqual(
        result.stderr,
        "clipmerge: error: --loudness: expected a loudness in LUFS from -70 to -5, such as -14 or -23, got '\(bad)'\n")
    }
    let copy = try ClipmergeProcess.run(["concat", input, input, "--copy", "--loudness", "-14", "-o", "/tmp/n.mp4"])
    XCTAssertEqual(copy.code, 64)
    XCTAssertEqual(copy.stderr, "clipmerge: error: --copy joins without re-encoding, so --loudness cannot apply\n")
  }

  /// `--duck`: a 1 kHz soundtrack under a clip whose 440 Hz tone sounds from 1 s to 3 s. While the tone sounds the
  /// soundtrack is 12 dB down (± 1 dB); before, and once the hold and release are over, it is back at its level.
  /// `--duck 6` ducks by 6 dB.
  func testDuckingLowersTheSoundtrackWhileTheClipSounds() throws {
    let folder = FixtureFiles.temporaryFolder()
    let voice = try clip(
      "voice.mp4",
      sound: "sine=frequency=440:sample_rate=48000:duration=6,volume='if(between(t,1,3),0.5,0)':eval=frame",
      in: folder)
    let music = folder.appendingPathComponent("music.wav").path
    _ = try ClipmergeProcess.runTool(
      "ffmpeg",
      [
        "-nostdin", "-v", "error", "-f", "lavfi", "-i", "sine=frequency=1000:sample_rate=48000:duration=6,volume=0.3",
        music,
      ])
    for (arguments, depth) in [([String](["--duck"]), 12.0), (["--duck", "6"], 6.0)] {
      let out = folder.appendingPathComponent("ducked.mov").path
      let result = try ClipmergeProcess.run(
        ["concat", voice, "--soundtrack", music] + arguments + ["--audio-codec", "pcm", "-o", out, "-y", "-q"])
      XCTAssertEqual(result.code, 0, result.stderr)
      let raw = folder.appendingPathComponent("ducked.f32").path
      _ = try ClipmergeProcess.runTool(
        "ffmpeg", ["-nostdin", "-v", "error", "-y", "-i", out, "-ac", "1", "-ar", "48000", "-f", "f32le", raw])
      let samples = try Data(contentsOf: URL(fileURLWithPath: raw)).withUnsafeBytes {
        Array($0.bindMemory(to: Float.self))
      }
      XCTAssertGreaterThanOrEqual(samples.count, 6 * 48000)
      // 100 ms windows hold whole periods of both tones, so neither leaks into the other's measure.
      func decibels(_ frequency: Double, at second: Double) -> Double {
        let from = Int(second * 48000)
        let level = Tone.amplitude(of: frequency, in: samples[from..<from + 4800], sampleRate: 48000)
        return 20 * log10(max(level, 1e-9))
      }
      let full = decibels(1000, at: 0.4)
      XCTAssertLessThan(decibels(440, at: 0.4), full - 40, "no clip sound before 1 s")
      for second in [1.2, 2.0, 2.8] {
        XCTAssertEqual(decibels(1000, at: second), full - depth, accuracy: 1, "\(depth) dB at \(second) s")
      }
      XCTAssertEqual(decibels(1000, at: 4.5), full, accuracy: 0.5, "back up after the clip's sound")
      XCTAssertEqual(decibels(1000, at: 5.5), full, accuracy: 0.5)
    }
  }

  func testDuckNeedsASoundtrackAndTheMix() throws {
    let input = FixtureFiles.path("base.mp4")
    let music = FixtureFiles.path("music.m4a")
    let cases: [([String], String)] = [
      (["--duck"], "--duck lowers the soundtrack: it needs --soundtrack"),
      (
        ["--soundtrack", music, "--duck", "--audio", "soundtrack"],
        "--duck lowers the soundtrack under the clips' own sound: it needs --audio mix (its default), not --audio soundtrack"
      ),
      (
        ["--soundtrack", music, "--duck", "--audio", "mix", "--duck=50"],
        "--duck: expected a depth in dB from 1 to 40, such as 12, got '50'"
      ),
    ]
    for (arguments, message) in cases {
      let result = try ClipmergeProcess.run(["concat", input] + arguments + ["-o", "/tmp/never.mp4"])
      XCTAssertEqual(result.code, 64, arguments.joined(separator: " "))
      XCTAssertEqual(result.stderr, "clipmerge: error: \(message)\n")
    }
  }
}
