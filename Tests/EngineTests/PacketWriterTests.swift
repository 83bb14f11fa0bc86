import CFFmpeg
import Composition
import Foundation
import TestSupport
import XCTest

@testable import Engine

/// The one writer of packets: timestamps moved onto the output's clock, decode times kept in order as the driver
/// asks, read back by ffprobe.
final class PacketWriterTests: XCTestCase {
  /// Copies gop.mp4's first `count` video packets into a new MP4 through a `PacketWriter`, each moved by
  /// `shift`, the packet numbered `back` (when given) sent again after the others, with the decode time of its
  /// first showing; returns what `write` threw, if anything, and the output's path.
  private func copy(
    count: Int, shift: MediaTime, order: PacketWriter.DecodeOrder, back: Int? = nil
  ) throws -> (error: EngineError?, path: String) {
    let source = FixtureFiles.path("gop.mp4")
    let path = FixtureFiles.temporaryFolder().appendingPathComponent("written.mp4").path
    let input = try InputFile.forCopy(path: source)
    let index = try XCTUnwrap(StreamSelection.videoStream(of: input))
    input.discardAll(except: index)
    let muxer = try Muxer(path: path, formatName: "mp4")
    let stream = try muxer.addStream(copying: input.stream(index), keepTag: true)
    try muxer.writeHeader(options: [:])
    let writer = PacketWriter(muxer, path: path)
    let base = input.stream(index).pointee.time_base
    let packet = try Packet()
    var dts: [Int64] = []
    var written = 0
    var thrown: EngineError?
    do {
      while written < count, try input.nextPacket(into: packet) {
        defer { packet.unref() }
        dts.append(packet.pointer.pointee.dts)
        if written == count - 1, let back {
          // The last packet claims a decode time already written.
          packet.pointer.pointee.dts = dts[back]
        }
        try writer.write(packet, stream: stream, from: base, shift: shift, order: order)
        written += 1
      }
      try writer.finish()
    } catch {
      thrown = error
    }
    return (thrown, path)
  }

  private func packetTimes(_ path: String) throws -> [(pts: Double, dts: Double)] {
    try ClipmergeProcess.runTool(
      "ffprobe",
      [
        "-v", "error", "-select_streams", "v:0", "-show_entries", "packet=pts_time,dts_time", "-of", "csv=p=0",
        path,
      ]
    ).split(separator: "\n").map { line in
      let fields = line.split(separator: ",").map { Double($0) ?? .nan }
      return (fields[0], fields[1])
    }
  }

  /// A shift moves every time by exactly that much; the output's decode times are the source's, moved.
  func testAShiftMovesEveryTimeOntoTheOutputsClock() throws {
    let plain = try copy(count: 30, shift: .zero, order: .required)
    XCTAssertNil(plain.error)
    let moved = try copy(count: 30, shift: try XCTUnwrap(MediaTime(value: 3, timescale: 2)), order: .required)
    XCTAssertNil(moved.error)
    let before = try packetTimes(plain.path)
    let after = try packetTimes(moved.path)
    XCTAssertEqual(before.count, 30)
    XCTAssertEqual(after.count, 30)
    for (a, b) in zip(before, after) {
      XCTAssertEqual(b.pts - a.pts, 1.5, accuracy: 1e-4)
      XCTAssertEqual(b.dts - a.dts, 1.5, accuracy: 1e-4)
    }
  }

  /// A decode time that goes back is an error where the driver planned the order, and is moved one tick past
  /// the last where files made apart meet (a copy join): ffprobe then reads decode times strictly increasing.
  func testADecodeTimeThatGoesBackIsAnErrorOrIsNudged() throws {
    let required = try copy(count: 12, shift: .zero, order: .required, back: 5)
    guard case .internalFailure(let stage, let message)? = required.error else {
      return XCTFail("expected the planned order's failure, got \(String(describing: required.error))")
    }
    XCTAssertEqual(stage, .encoding)
    XCTAssertTrue(message.contains("decode times would go backwards"), message)
    let nudged = try copy(count: 12, shift: .zero, order: .nudged, back: 5)
    XCTAssertNil(nudged.error)
    let times = try packetTimes(nudged.path)
    XCTAssertEqual(times.count, 12)
    for k in 1..<times.count {
      XCTAssertGreaterThan(times[k].dts, times[k - 1].dts, "packet \(k)")
      XCTAssertGreaterThanOrEqual(times[k].pts, times[k].dts, "packet \(k)")
    }
  }
}
