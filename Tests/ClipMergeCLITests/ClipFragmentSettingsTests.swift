import Foundation
import TestSupport
import XCTest

/// A clip's own `&fit=` and `&effect=` in its fragment, seen on the ffmpeg CLI's decode: the setting changes that
/// clip's frames and no other's, with `--fit`'s and `--effect`'s grammar and errors.
final class ClipFragmentSettingsTests: XCTestCase {
  let folder = FixtureFiles.temporaryFolder()

  /// The Y'CbCr of pixel (x, y) of the frame of `path` at `time` seconds, as the ffmpeg CLI decodes it.
  func pixel(_ path: String, at time: Double, x: Int, y: Int) throws -> (y: Int, u: Int, v: Int) {
    let decoded = try ClipmergeProcess.capture(
      URL(fileURLWithPath: "/usr/bin/env"),
      [
        "ffmpeg", "-nostdin", "-v", "error", "-ss", String(time), "-i", path, "-frames:v", "1", "-vf",
        "crop=2:2:\(x):\(y)", "-pix_fmt", "yuv444p", "-f", "rawvideo", "-",
      ])
    XCTAssertEqual(decoded.code, 0, decoded.stderr)
    let bytes = [UInt8](decoded.output)
    guard bytes.count == 12 else { throw CheckError("\(path) at \(time): \(bytes.count) bytes decoded") }
    return (Int(bytes[0]), Int(bytes[4]), Int(bytes[8]))
  }

  func render(_ arguments: [String]) throws -> String {
    let out = folder.appendingPathComponent("\(UUID().uuidString.prefix(8)).mp4").path
    let result = try InProcessClipMerge.run(arguments + ["-o", out, "--preset", "ultrafast", "-q"])
    XCTAssertEqual(result.code, 0, result.stderr)
    return out
  }

  func testAnEffectInAFragmentChangesThatClipOnly() throws {
    let base = FixtureFiles.path("base.mp4")
    let out = try render(["concat", "\(base)#t=0,1", "\(base)#t=0,1&effect=grayscale"])
    let colored = try pixel(out, at: 0.5, x: 160, y: 120)
    let gray = try pixel(out, at: 1.5, x: 160, y: 120)
    XCTAssertGreaterThan(abs(colored.u - 128) + abs(colored.v - 128), 40, "the first clip keeps its colour")
    XCTAssertEqual(gray.u, 128, accuracy: 2)
    XCTAssertEqual(gray.v, 128, accuracy: 2)
    // The spec shows the effect on the second clip's layer only.
    let spec = try InProcessClipMerge.run(
      ["concat", "\(base)#t=0,1", "\(base)#t=0,1&effect=grayscale&effect=blur=2", "--print-spec"])
    XCTAssertEqual(spec.code, 0, spec.stderr)
    let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: spec.output) as? [String: Any])
    let instructions = try XCTUnwrap((json["video"] as? [String: Any])?["instructions"] as? [[String: Any]])
    let effects = instructions.map { instruction in
      ((instruction["layers"] as? [[String: Any]])?.first?["effects"] as? [[String: Any]])?.compactMap {
        $0["name"] as? String
      } ?? []
    }
    XCTAssertEqual(effects, [[], ["grayscale", "blur"]])
  }

  func testAFitInAFragmentFitsThatClipOnly() throws {
    // A portrait clip in a 320x240 frame: pillarboxed by default (black at the left edge), filling it with its own
    // fit=cover; the command's --fit stays for the other clips.
    let portrait = FixtureFiles.path("rotated-cw.mp4")
    let out = try render(["concat", "\(portrait)#t=0,1", "\(portrait)#t=0,1&fit=cover", "--size", "320x240"])
    XCTAssertEqual(try pixel(out, at: 0.5, x: 4, y: 120).y, 16, accuracy: 2, "contain: a bar")
    XCTAssertGreaterThan(try pixel(out, at: 1.5, x: 4, y: 120).y, 30, "cover: the picture")
    // overlay: the base clip's own fit and the overlay's own effect.
    let overlaid = try render(["overlay", "\(portrait)#fit=cover", "\(FixtureFiles.path("base.mp4"))#effect=grayscale"])
    XCTAssertGreaterThan(try pixel(overlaid, at: 0.5, x: 4, y: 60).y, 30)
  }

  func testBadFragmentSettingsAreToldInTheOptionsWords() throws {
    let base = FixtureFiles.path("base.mp4")
    let cases: [([String], String)] = [
      (
        ["concat", "\(base)#fit=cvoer"],
        "clipmerge: error: '\(base)#fit=cvoer': fit=cvoer: expected contain, cover, stretch or blur; did you mean 'cover'?"
      ),
      (
        ["concat", "\(base)#t=0,1&effect=blur=500"],
        "clipmerge: error: '\(base)#t=0,1&effect=blur=500': effect=blur=500: blur takes 0 to 100 pixels, got 'blur=500'"
      ),
      (
        ["concat", "\(base)#t=0,1&efect=grayscale"],
        "clipmerge: error: '\(base)#t=0,1&efect=grayscale': 'efect=grayscale' is not a fragment clipmerge knows (t=, "
          + "speed=, freeze=, zoom=, fit=, effect=); did you mean 'effect'?"
      ),
      (
        ["concat", base, "\(base)#fit=cover", "--copy"],
        "clipmerge: error: --copy joins without re-encoding, so fit= cannot apply"
      ),
      (
        ["overlay", base, "\(base)#fit=cover"],
        "clipmerge: error: '\(base)#fit=cover': fit= fits the base clip; the overlay is placed by --scale and --position"
      ),
    ]
    for (arguments, message) in cases {
      let result = try InProcessClipMerge.run(arguments + ["-o", folder.appendingPathComponent("x.mp4").path])
      XCTAssertEqual(result.code, 64, "\(arguments)")
      XCTAssertEqual(result.stderr, message + "\n")
    }
    XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.mp4").path))
  }
}
