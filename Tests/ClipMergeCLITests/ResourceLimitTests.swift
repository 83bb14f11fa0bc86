import Foundation
import TestSupport
import XCTest

/// Under a limit on processes (`ulimit -u`, as an unprivileged user: root is not bound by it), a render ends:
/// with its output, or with exit 71 naming the refusal and nothing written, never waiting for a decoding thread
/// the system did not start. Each limit from 1 to 10 processes is tried (the encoder's threads and each
/// decoder's thread fail in turn).
final class ResourceLimitTests: XCTestCase {
  func testEveryThreadTheSystemRefusesEndsTheRun() throws {
    let folder = FixtureFiles.temporaryFolder()
    // The unprivileged user writes here.
    XCTAssertEqual(chmod(folder.path, 0o777), 0)
    let base = FixtureFiles.path("base.mp4")
    var refused = 0
    for processes in 1...10 {
      let out = folder.appendingPathComponent("out-\(processes).mp4").path
      let command = [ClipmergeProcess.executable.path, "concat", base, base, "--no-smart", "-o", out, "-q"]
        .map { "'\($0)'" }.joined(separator: " ")
      // As nobody when the suite runs as root; `timeout` turns a hang into exit 124.
      let user = getuid() == 0 ? "setpriv --reuid=65534 --regid=65534 --clear-groups " : ""
      let result = try ClipmergeProcess.capture(
        URL(fileURLWithPath: "/bin/bash"),
        ["-c", "ulimit -u \(processes) && exec timeout 60 \(user)\(command)"],
        environment: ["ASAN_OPTIONS": "detect_leaks=0"])
      XCTAssertTrue([0, 71].contains(result.code), "ulimit -u \(processes): exit \(result.code): \(result.stderr)")
      if result.code == 71 {
        refused += 1
        XCTAssertTrue(result.stderr.hasPrefix("clipmerge: error: "), result.stderr)
        XCTAssertTrue(result.stderr.contains("refused"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out), "ulimit -u \(processes)")
      }
    }
    XCTAssertGreaterThan(refused, 0, "some limit refuses a thread")
  }
}
