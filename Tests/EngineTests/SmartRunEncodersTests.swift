import CFFmpeg
import Composition
import Foundation
import TestSupport
import XCTest

@testable import Engine

/// A smart render's re-encoded runs, encoded several at once on threads of their own: each run comes out whole,
/// in its frames' order, opening on a keyframe, however small the queue between the workers and the writer; a
/// writer that stops or is cancelled ends every worker.
final class SmartRunEncodersTests: XCTestCase {
  private func job() throws -> SmartRunEncoders.Job {
    let source = try RenderHelpers.source(0, "gop.mp4")
    var recipe = ConcatRecipe(clips: [ConcatRecipe.Clip(source: source)])
    recipe.export.preset = "ultrafast"
    let composition = try recipe.makeComposition()
    let video = try XCTUnwrap(composition.video)
    let input = try InputFile(path: source.path)
    let index = try XCTUnwrap(StreamSelection.videoStream(of: input))
    let settings = SmartEncoder.Settings(source: input.stream(index), video: video, export: composition.export)
    let sets = try SmartEncoder(settings: settings, globalHeader: true).parameterSets
    let par = input.stream(index).pointee.codecpar.pointee
    let record = try XCTUnwrap(
      SmartRecord(
        source: Array(UnsafeBufferPointer(start: par.extradata, count: Int(par.extradata_size))), encoder: sets,
        codec: .h264))
    return SmartRunEncoders.Job(
      composition: composition, video: video, settings: settings, parameterSets: sets, record: record,
      pictures: SmartRunEncoders.Pictures(sources: [], hdr: nil),
      tables: try CubeTables(composition: composition), damage: DamageLog(),
      timeBase: AVRational(num: 1, den: 90_000), delay: 3000)
  }

  /// Four runs on three CPUs through a queue of one byte (every sample waits for the writer): each run's
  /// samples are its frames in order, the first a keyframe, at their output times less the decode delay.
  func testRunsComeOutWholeAndInOrderThroughATinyQueue() throws {
    let runs: [Range<Int64>] = [0..<10, 25..<40, 100..<130, 200..<205]
    let encoders = SmartRunEncoders(runs: runs, job: try job(), cpus: 3, budget: 1)
    defer { encoders.stop() }
    for (number, frames) in runs.enumerated() {
      var seen: [Int64] = []
      while let sample = try encoders.next(run: number, isCancelled: { false }, interruption: .interrupted) {
        let p = sample.packet.pointer.pointee
        if seen.isEmpty { XCTAssertNotEqual(p.flags & AV_PKT_FLAG_KEY, 0, "run \(number) opens on a keyframe") }
        XCTAssertEqual(p.pts, sample.frame * 3000, "30 fps in 1/90000")
        XCTAssertEqual(p.dts, p.pts - 3000)
        XCTAssertGreaterThan(p.size, 0)
        seen.append(sample.frame)
      }
      XCTAssertEqual(seen, Array(frames), "run \(number)")
    }
  }

  /// A writer that stops in the middle of a run (an error elsewhere) ends every worker, even those waiting for
  /// room in a full queue.
  func testStoppingMidRunEndsEveryWorker() throws {
    let encoders = SmartRunEncoders(runs: [0..<150, 150..<300], job: try job(), cpus: 2, budget: 1)
    XCTAssertNotNil(try encoders.next(run: 0, isCancelled: { false }, interruption: .interrupted))
    let stopped = expectation(description: "stop returns")
    let thread = Thread {
      encoders.stop()
      stopped.fulfill()
    }
    thread.start()
    wait(for: [stopped], timeout: 20)
  }

  /// Cancellation is asked while the writer waits for a picture: a cancelled render ends with the interruption
  /// long before its run is encoded.
  func testCancellationIsAskedWhileWaiting() throws {
    let encoders = SmartRunEncoders(runs: [0..<300], job: try job(), cpus: 1)
    defer { encoders.stop() }
    var read = 0
    XCTAssertThrowsError(
      try {
        while try encoders.next(run: 0, isCancelled: { true }, interruption: .interrupted) != nil { read += 1 }
      }()
    ) { error in
      guard case EngineError.interrupted = error else { return XCTFail("\(error)") }
    }
    XCTAssertLessThan(read, 300)
  }
}
