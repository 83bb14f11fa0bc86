import CFFmpeg
import Composition
import Foundation
import TestSupport
import XCTest

@testable import Engine

/// After a seek, the H.264 pictures before the wanted time that no picture refers to are not decoded, and the
/// pictures from that time on are the very same as decoding from the start gives.
final class DisposablePicturesTests: XCTestCase {
  /// The luma of every picture from `from` to `to` (source time) of `path`'s video, decoding from `start`.
  private func lumas(
    _ path: String, start: MediaTime, from: MediaTime, to: MediaTime
  ) throws -> (pictures: [MediaTime: [UInt8]], skipped: Int) {
    let stream = try DecodingStream(path: path, kind: .video, damage: DamageLog())
    if start > .zero { stream.seek(to: start) }
    let frame = try Frame()
    var pictures: [MediaTime: [UInt8]] = [:]
    while try stream.receive(into: frame, near: nil) {
      defer { frame.unref() }
      let p = frame.pointer.pointee
      let time = try XCTUnwrap(stream.time(of: p.best_effort_timestamp))
      guard time >= from, time < to, let plane = p.data.0 else { continue }
      var bytes: [UInt8] = []
      for y in 0..<Int(p.height) {
        bytes += UnsafeBufferPointer(start: plane + y * Int(p.linesize.0), count: Int(p.width))
      }
      pictures[time] = bytes
    }
    return (pictures, stream.skippedPictures)
  }

  func testPicturesAfterASeekDecodeAsFromTheStart() throws {
    // gop.mp4: x264 with a pyramid of three B pictures, a keyframe every 2 s; 1.8 s is 54 pictures into a group.
    let path = FixtureFiles.path("gop.mp4")
    let from = MediaTime(value: 9, timescale: 5)!
    let to = MediaTime(value: 26, timescale: 10)!
    let sought = try lumas(path, start: from, from: from, to: to)
    let whole = try lumas(path, start: .zero, from: from, to: to)
    XCTAssertEqual(sought.pictures.count, 24)
    XCTAssertEqual(Set(sought.pictures.keys), Set(whole.pictures.keys))
    for (time, luma) in sought.pictures {
      XCTAssertTrue(luma == whole.pictures[time], "the picture at \(time.secondsText)")
    }
    // About half of the 54 pictures before 1.8 s are non-reference B pictures; none is skipped without a seek.
    XCTAssertGreaterThan(sought.skipped, 15)
    XCTAssertEqual(whole.skipped, 0)
  }

  func testReferencePicturesAndOtherCodecsAreNeverDisposable() throws {
    let input = try InputFile(path: FixtureFiles.path("gop.mp4"))
    let index = try XCTUnwrap(StreamSelection.videoStream(of: input))
    let check = try XCTUnwrap(DisposablePictures(input.stream(index).pointee.codecpar.pointee))
    let packet = try Packet()
    var keys = 0
    var disposable = 0
    var total = 0
    while try input.read(into: packet) {
      defer { packet.unref() }
      let p = packet.pointer.pointee
      guard Int(p.stream_index) == index, let data = p.data else { continue }
      let skippable = check.isDisposable(UnsafeBufferPointer(start: data, count: Int(p.size)))
      total += 1
      if p.flags & AV_PKT_FLAG_KEY != 0 {
        keys += 1
        XCTAssertFalse(skippable, "a keyframe")
      }
      if skippable { disposable += 1 }
    }
    XCTAssertEqual(keys, 5)
    // Of every four pictures (P, B-ref, b, b), the two b are not referred to.
    XCTAssertGreaterThan(disposable, total / 3)
    XCTAssertLessThan(disposable, total * 2 / 3)
    let vp9 = try InputFile(path: FixtureFiles.path("tiny.webm"))
    let vp9Index = try XCTUnwrap(StreamSelection.videoStream(of: vp9))
    XCTAssertNil(DisposablePictures(vp9.stream(vp9Index).pointee.codecpar.pointee))
  }
}
