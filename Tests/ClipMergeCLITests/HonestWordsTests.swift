import Foundation
import TestSupport
import XCTest

/// What a run says stays true and on its own lines: a line break in a file name is shown escaped wherever the
/// name is printed, and out-of-range values are told with the range they missed and the exit code of a usage
/// error (64), naming the option or the fragment.
final class HonestWordsTests: XCTestCase {
  let folder = FixtureFiles.temporaryFolder()

  func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  func testALineBreakInANameIsShownEscaped() throws {
    let input = path("take\none.mp4")
    try FileManager.default.copyItem(atPath: FixtureFiles.path("base.mp4"), toPath: input)
    let output = path("out\nput.mp4")
    let made = try InProcessClipMerge.run(["concat", input + "#t=0,1", "-o", output, "--preset", "ultrafast"])
    XCTAssertEqual(made.code, 0, made.stderr)
    let shown = output.replacingOccurrences(of: "\n", with: "\\n")
    XCTAssertEqual(made.stderr, "clipmerge: wrote \(shown) (1.000 s, 30 frames, 48000 audio samples)\n")
    let frame = try InProcessClipMerge.run(["frame", input, "--at", "0.5", "-o", path("at\n0.5.png")])
    XCTAssertEqual(frame.code, 0, frame.stderr)
    XCTAssertEqual(frame.stderr.split(separator: "\n").count, 1, frame.stderr)
    XCTAssertTrue(frame.stderr.hasPrefix("clipmerge: wrote \(path("at\\n0.5.png")) ("), frame.stderr)
    let probe = try InProcessClipMerge.run(["probe", input, path("gone\nfile.mp4")])
    XCTAssertEqual(probe.code, 66)
    XCTAssertTrue(
      String(decoding: probe.output, as: UTF8.self).hasPrefix(input.replacingOccurrences(of: "\n", with: "\\n") + ": "))
    XCTAssertEqual(probe.stderr, "clipmerge: error: \(path("gone\\nfile.mp4")): no such file\n")
  }

  func testOutOfRangeValuesAreToldWithTheirRange() throws {
    let base = FixtureFiles.path("base.mp4")
    let out = path("x.mp4")
    let cases: [([String], String)] = [
      (
        ["overlay", base, base, "--margin", "2147483647"],
        "--margin: expected a number of pixels from 0 to 16384, got '2147483647'"
      ),
      (
        ["concat", "\(base)#t=0,99999999999999999999999"],
        "'\(base)#t=0,99999999999999999999999': t=0,99999999999999999999999: '99999999999999999999999' is not a "
          + "time: seconds (2.9, up to 12 digits and 9 decimals) or [hh:]mm:ss[.frac]"
      ),
      (
        ["concat", "\(base)#t=3,1"],
        "'\(base)#t=3,1': expected FILE or FILE#t=START,END with START before END"
      ),
      (
        ["overlay", base, base, "--position", "99999999999,99999999999"],
        "--position: expected top-left, top-right, bottom-left, bottom-right, center or X,Y (pixels, -100000 to "
          + "100000), got '99999999999,99999999999'"
      ),
      (["concat", "#t=1,2"], "'#t=1,2': no file before the fragment (a file that is named so is given as file:NAME)"),
    ]
    for (arguments, message) in cases {
      let result = try InProcessClipMerge.run(arguments + ["-o", out])
      XCTAssertEqual(result.code, 64, "\(arguments): \(result.stderr)")
      XCTAssertEqual(result.stderr, "clipmerge: error: \(message)\n")
    }
    XCTAssertFalse(FileManager.default.fileExists(atPath: out))
  }

  /// Exit codes that say whose fault it is: an index declaring more than any file holds (FFmpeg's "cannot
  /// allocate memory" for a count patched to 2^31 in `stts`) is a damaged file, 65, not the system's refusal
  /// (71); a closed standard input or a folder as standard input is a missing input, 66, said plainly (it was
  /// 74 "(NSCocoaErrorDomain error 256.)").
  func testTheExitCodeSaysWhoseFaultItIs() throws {
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: FixtureFiles.path("base.mp4"))))
    let stts = try XCTUnwrap(bytes.indices.dropLast(4).first { bytes[$0..<$0 + 4] == [0x73, 0x74, 0x74, 0x73] })
    bytes.replaceSubrange(stts + 8..<stts + 12, with: [0x7F, 0xFF, 0xFF, 0xF0])
    let damaged = path("damaged-index.mp4")
    try Data(bytes).write(to: URL(fileURLWithPath: damaged))
    for arguments in [["probe", damaged], ["concat", damaged, "-o", path("out.mp4")]] {
      let result = try InProcessClipMerge.run(arguments)
      XCTAssertEqual(result.code, 65, result.stderr)
      XCTAssertEqual(
        result.stderr,
        "clipmerge: error: \(damaged): cannot be opened: the file is damaged (its index declares more than any file "
          + "holds)\n")
    }
    XCTAssertFalse(FileManager.default.fileExists(atPath: path("out.mp4")))
    let executable = ClipmergeProcess.executable.path
    for (redirect, message) in [
      ("<&-", "-: standard input is closed; pipe the media in or name a file"),
      ("< '\(folder.path)'", "-: standard input is a folder, not media"),
    ] {
      let result = try ClipmergeProcess.capture(
        URL(fileURLWithPath: "/bin/bash"), ["-c", "exec '\(executable)' probe - \(redirect)"])
      XCTAssertEqual(result.code, 66, result.stderr)
      XCTAssertEqual(result.stderr, "clipmerge: error: \(message)\n")
    }
  }
}
