import Composition
import Foundation
import TestSupport
import XCTest

@testable import Engine

/// The video reader and its decode-ahead thread: pictures in order with their times, a reader dropped mid-stream
/// leaves no thread or file behind, and damage found on the decode thread reaches the caller.
final class VideoReaderTests: XCTestCase {
  private func openFiles() throws -> Int {
    try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
  }

  func testPicturesComeInOrderAtTheirTimes() throws {
    let reader = try VideoReader(path: FixtureFiles.path("tiny.mp4"), start: .zero)
    var times: [MediaTime] = []
    var serials: [Int] = []
    while let picture = try reader.nextPicture() {
      times.append(picture.time)
      serials.append(picture.serial)
    }
    let info = try MediaProbe.probe(FixtureFiles.path("tiny.mp4"))
    let frameDuration = try XCTUnwrap(info.video?.preferredFrameDuration)
    XCTAssertGreaterThan(times.count, 5)
    XCTAssertEqual(serials, Array(1...times.count))
    for (index, time) in times.enumerated() {
      XCTAssertEqual(time, frameDuration * Int64(index), "picture \(index)")
    }
    XCTAssertNil(try reader.nextPicture(), "the end of the stream stays the end")
  }

  func testReadersDroppedMidStreamCloseTheirFilesAndThreads() throws {
    // One reader first: what the process opens once and keeps (each test runs in a process of its own) is not
    // counted as a reader's.
    _ = try VideoReader(path: FixtureFiles.path("long-overlay.mp4"), start: .zero).picture(at: .zero)
    let before = try openFiles()
    for _ in 0..<100 {
      let reader = try VideoReader(path: FixtureFiles.path("long-overlay.mp4"), start: .zero)
      XCTAssertNotNil(try reader.picture(at: .zero))
    }
    // Every reader's decode thread closed its file before the reader went away: nothing accumulates.
    XCTAssertEqual(try openFiles(), before)
  }

  func testDamageFoundOnTheDecodeThreadFailsAStrictRead() throws {
    let damage = DamageLog(strict: true)
    let reader = try VideoReader(path: FixtureFiles.path("damaged.mp4"), start: .zero, damage: damage)
    XCTAssertThrowsError(
      try {
        while try reader.nextPicture() != nil {}
      }()
    ) { error in
      guard case EngineError.decodeFailed(let path, _, _) = error else {
        return XCTFail("expected decodeFailed, got \(error)")
      }
      XCTAssertTrue(path.hasSuffix("damaged.mp4"))
    }
  }
}
