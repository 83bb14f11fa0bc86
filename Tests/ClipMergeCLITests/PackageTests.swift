import Foundation
import TestSupport
import XCTest

/// `make deb`'s package: built by scripts/make-deb.sh (dpkg-deb, dpkg-shlibdeps, lintian without errors),
/// unpacked into a clean folder with dpkg -x, its clipmerge run from there; its control file lists the FFmpeg
/// libraries it was linked against.
final class PackageTests: XCTestCase {
  func testTheDebianPackageInstallsAndRuns() throws {
    let root = FixtureFiles.root
    let built = try ClipmergeProcess.capture(
      URL(fileURLWithPath: root.appendingPathComponent("scripts/make-deb.sh").path), [], in: root)
    XCTAssertEqual(built.code, 0, built.stderr)
    let log = String(decoding: built.output, as: UTF8.self)
    let name = try XCTUnwrap(log.split(separator: "\n").first { $0.hasPrefix("built ") }?.dropFirst(6))
    let deb = root.appendingPathComponent(String(name)).path
    let folder = FixtureFiles.temporaryFolder()
    let unpacked = try ClipmergeProcess.capture(URL(fileURLWithPath: "/usr/bin/dpkg"), ["-x", deb, folder.path])
    XCTAssertEqual(unpacked.code, 0, unpacked.stderr)
    let installed = folder.appendingPathComponent("usr/bin/clipmerge")
    let version = try ClipmergeProcess.capture(installed, ["--version"])
    XCTAssertEqual(version.code, 0, version.stderr)
    XCTAssertTrue(String(decoding: version.output, as: UTF8.self).hasPrefix("clipmerge "))
    for path in [
      "usr/share/man/man1/clipmerge.1.gz", "usr/share/bash-completion/completions/clipmerge",
      "usr/share/zsh/vendor-completions/_clipmerge", "usr/share/fish/vendor_completions.d/clipmerge.fish",
      "usr/share/doc/clipmerge/copyright",
    ] {
      XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path), path)
    }
    let control = try ClipmergeProcess.capture(URL(fileURLWithPath: "/usr/bin/dpkg-deb"), ["-f", deb, "Depends"])
    let depends = String(decoding: control.output, as: UTF8.self)
    for library in ["libavcodec59", "libavformat59", "libavutil57", "libswscale6", "libswresample4", "libass9"] {
      XCTAssertTrue(depends.contains(library), "\(library) in \(depends)")
    }
    // The Swift runtime is inside the binary: nothing from the toolchain is needed.
    let libraries = try ClipmergeProcess.capture(URL(fileURLWithPath: "/usr/bin/ldd"), [installed.path])
    XCTAssertFalse(String(decoding: libraries.output, as: UTF8.self).contains("libswiftCore"))
  }
}
