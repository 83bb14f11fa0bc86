import Foundation
import TestSupport
import XCTest

@testable import Engine

/// The one writer of files: a file that appears at the target while it is written is not replaced (without
/// overwrite), nothing temporary is left either way, and a planted name is never written through.
final class AtomicFileTests: XCTestCase {
  func testAFileThatAppearedMeanwhileIsNotReplaced() throws {
    let folder = FixtureFiles.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let target = folder.appendingPathComponent("out.bin").path
    let file = try AtomicFile(path: target, overwrite: false)
    try file.write(Data("mine".utf8))
    try Data("theirs".utf8).write(to: URL(fileURLWithPath: target))
    XCTAssertThrowsError(try file.commit()) { error in
      XCTAssertTrue("\(error)".contains("appeared"), "\(error)")
    }
    XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), "theirs")
    withExtendedLifetime(file) {}
  }

  func testNothingTemporaryIsLeftAndOverwriteReplaces() throws {
    let folder = FixtureFiles.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let target = folder.appendingPathComponent("out.bin").path
    do {
      let file = try AtomicFile(path: target, overwrite: false)
      try file.write(Data("abandoned".utf8))
    }
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: folder.path), [], "an uncommitted file is removed")
    try AtomicFile.write(Data("one".utf8), to: target, overwrite: false)
    XCTAssertThrowsError(try AtomicFile.write(Data("two".utf8), to: target, overwrite: false))
    try AtomicFile.write(Data("three".utf8), to: target, overwrite: true)
    XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), "three")
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["out.bin"])
  }

  /// A valid output name of 250 (or 255) bytes is written: the temporary name beside it stays within 255 bytes, and
  /// two long names that share their first 200 bytes get temporary names of their own.
  func testTheLongestValidNamesAreWritten() throws {
    let folder = FixtureFiles.temporaryFolder()
    for name in [String(repeating: "a", count: 246) + ".mp4", String(repeating: "é", count: 125) + ".mp4"] {
      let path = folder.appendingPathComponent(name).path
      try AtomicFile.write(Data("x".utf8), to: path, overwrite: false)
      XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), Data("x".utf8))
    }
    let one = AtomicFile.temporaryPrefix(for: String(repeating: "b", count: 200) + String(repeating: "c", count: 55))
    let other = AtomicFile.temporaryPrefix(for: String(repeating: "b", count: 200) + String(repeating: "d", count: 55))
    XCTAssertNotEqual(one, other)
    XCTAssertLessThanOrEqual(one.utf8.count + 26, 255)
    XCTAssertEqual(AtomicFile.temporaryPrefix(for: "out.mp4"), ".out.mp4.clipmerge-" + AtomicFile.host + "-")
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).count, 2)
  }

  func testAPlantedNameIsNeverWrittenThrough() throws {
    let folder = FixtureFiles.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let victim = folder.appendingPathComponent("victim").path
    try Data("precious".utf8).write(to: URL(fileURLWithPath: victim))
    // Whatever name the random part gives, O_EXCL|O_NOFOLLOW refuses an existing one: plant a symlink, and
    // create the file under that very name.
    let planted = folder.appendingPathComponent(".x.partial").path
    try FileManager.default.createSymbolicLink(atPath: planted, withDestinationPath: victim)
    XCTAssertThrowsError(try ExclusiveFile(folder: folder.path, prefix: ".x", suffix: ".partial", random: false))
    XCTAssertEqual(try String(contentsOfFile: victim, encoding: .utf8), "precious")
  }
}
