import Composition
import Engine
import Foundation
import TestSupport
import XCTest

/// Every transition and effect has an example spec in Fixtures/compositions (transition-*.json, effect-*.json,
/// the stills of docs/effects.md): each renders whole, and its picture at 1.5 s shows the transition under way
/// (unlike both clips) or the effect at work (unlike the plain clip).
final class EffectExampleTests: XCTestCase {
  let folder = FixtureFiles.temporaryFolder()
  let examples = FixtureFiles.root.appendingPathComponent("Fixtures/compositions")

  func picture(_ arguments: [String]) throws -> PictureSample {
    let path = folder.appendingPathComponent("\(UUID()).png").path
    let made = try ClipmergeProcess.run(["frame"] + arguments + ["-o", path, "-q"])
    XCTAssertEqual(made.code, 0, "\(arguments): \(made.stderr)")
    return try XCTUnwrap(try PictureGrabber(path: path).picture(at: .zero))
  }

  func names(_ prefix: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: examples.path).filter {
      $0.hasPrefix(prefix) && $0.hasSuffix(".json")
    }.sorted()
  }

  func testEveryTransitionExampleRendersAndIsUnderWayAtItsMiddle() throws {
    let names = try names("transition-")
    XCTAssertEqual(names.map { String($0.dropFirst(11).dropLast(5)) }, Transition.names.sorted())
    let outgoing = try picture([FixtureFiles.path("gop.mp4"), "--at", "1.5"])
    let incoming = try picture([FixtureFiles.path("gop-b.mp4"), "--at", "0.5"])
    for name in names {
      let spec = examples.appendingPathComponent(name).path
      let middle = try picture([spec, "--at", "1.5"])
      XCTAssertGreaterThan(try XCTUnwrap(middle.maximumDifference(to: outgoing)), 30, name)
      XCTAssertGreaterThan(try XCTUnwrap(middle.maximumDifference(to: incoming)), 30, name)
      // Before and after the joint, each clip alone.
      XCTAssertGreaterThan(
        try picture([spec, "--at", "0.5"]).lumaPSNR(
          against: try picture([FixtureFiles.path("gop.mp4"), "--at", "0.5"])), 45, name)
    }
    // Two rendered whole: 3 s at 30 fps.
    for name in ["transition-wipe-up.json", "transition-circle-open.json"] {
      let out = folder.appendingPathComponent("\(name).mp4").path
      let made = try ClipmergeProcess.run(["compose", examples.appendingPathComponent(name).path, "-o", out, "-q"])
      XCTAssertEqual(made.code, 0, made.stderr)
      XCTAssertEqual(try PacketList(path: out).packets(of: "video").count, 90, name)
    }
  }

  func testEveryEffectExampleRendersAndChangesThePicture() throws {
    let names = try names("effect-")
    XCTAssertEqual(names.map { String($0.dropFirst(7).dropLast(5)) }, Effect.Kind.allCases.map(\.rawValue).sorted())
    let plain = try picture([FixtureFiles.path("gop.mp4"), "--at", "1.5"])
    for name in names {
      let spec = examples.appendingPathComponent(name).path
      let shown = try picture([spec, "--at", "1.5"])
      XCTAssertGreaterThan(try XCTUnwrap(shown.maximumDifference(to: plain)), 8, name)
      let out = folder.appendingPathComponent("\(name).mp4").path
      let made = try ClipmergeProcess.run(["compose", spec, "-o", out, "-q"])
      XCTAssertEqual(made.code, 0, made.stderr)
      XCTAssertEqual(try PacketList(path: out).packets(of: "video").count, 60, name)
    }
  }
}
