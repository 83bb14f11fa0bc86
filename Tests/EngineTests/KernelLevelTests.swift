import CFFmpeg
import Composition
import TestSupport
import XCTest

@testable import Engine

/// Every compiled variant of the C kernels (baseline SSE2, AVX2, AVX-512) runs here, whatever level the machine
/// would pick by itself, and gives the baseline's bytes; the other tests check the arithmetic at the widest level.
final class KernelLevelTests: XCTestCase {
  override func tearDown() { KernelLevel.force(nil) }

  /// The outputs of the blur's vertical and row passes and of a colour table's rows at the level in effect.
  private func outputs() throws -> [[UInt8]] {
    let (w, h) = (333, 41)
    var state: UInt32 = 7
    let source = (0..<(w * h)).map { _ -> UInt8 in
      state = state &* 1_664_525 &+ 1_013_904_223
      return UInt8(truncatingIfNeeded: state >> 24)
    }
    var results: [[UInt8]] = []
    try source.withUnsafeBufferPointer { input in
      let from = PlaneView(base: UnsafeMutablePointer(mutating: input.baseAddress!), stride: w, width: w, height: h)
      for radius in [1, 3, 40, 127] {
        var out = [UInt8](repeating: 0, count: w * h)
        out.withUnsafeMutableBufferPointer { target in
          let to = PlaneView(base: target.baseAddress!, stride: w, width: w, height: h)
          let sums = UnsafeMutablePointer<UInt16>.allocate(capacity: w)
          BoxBlur.vertical(from, into: to, radius: radius, sums: sums)
          sums.deallocate()
        }
        results.append(out)
      }
      for radii in [[1, 2, 3], [3, 3, 3]] {
        var out = [UInt8](repeating: 0, count: w * h)
        out.withUnsafeMutableBufferPointer { target in
          let to = PlaneView(base: target.baseAddress!, stride: w, width: w, height: h)
          let buffer = UnsafeMutablePointer<UInt16>.allocate(capacity: RowPasses.samples(width: w))
          RowPasses.run(from: from, into: to, radii: radii, buffer: buffer)
          buffer.deallocate()
        }
        results.append(out)
      }
      // A colour table over a 4:2:0 picture: whole 2×2 blocks go through clipmerge_lookup_row.
      let cube = try CubeLUT(
        parsing: Substring("LUT_3D_SIZE 2\n0 0 0\n1 0 0\n0 1 0\n1 1 0\n0 0 1\n1 0 1\n0 1 1\n0.5 0.2 0.9\n"))
      let picture = try Frame(width: 66, height: 40, format: AV_PIX_FMT_YUV420P)
      let target = try Frame(width: 66, height: 40, format: AV_PIX_FMT_YUV420P)
      for plane in 0..<3 {
        let view = try XCTUnwrap(PlaneView(picture, plane: plane))
        for y in 0..<view.height {
          for x in 0..<view.width { view.row(y)[x] = input[(y * 67 + x * 13 + plane) % input.count] }
        }
      }
      YUVLookup(cube, matrix: .bt709).apply(picture, into: target, amount: 1)
      for plane in 0..<3 {
        let view = try XCTUnwrap(PlaneView(target, plane: plane))
        results.append(
          (0..<view.height).flatMap { y in Array(UnsafeBufferPointer(start: view.row(y), count: view.width)) })
      }
    }
    return results
  }

  func testEveryVariantGivesTheBaselinesBytes() throws {
    XCTAssertEqual(KernelLevel.force(.baseline), .baseline)
    let baseline = try outputs()
    var ran: [KernelLevel] = [.baseline]
    for level in KernelLevel.allCases.dropFirst() where level.rawValue <= KernelLevel.supported.rawValue {
      XCTAssertEqual(KernelLevel.force(level), level)
      XCTAssertEqual(try outputs(), baseline, "\(level)")
      ran.append(level)
    }
    // A variant this processor cannot execute (AVX-512 on a machine without it) would trap, so it is left out and
    // named below. Which ones it can is read from the kernel's own account of the processor, not from ours.
    #if arch(x86_64) && os(Linux)
      let flags = Set(
        try String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8).split(separator: "\n")
          .first { $0.hasPrefix("flags") }.map { $0.split(separator: " ").map(String.init) } ?? [])
      let expected: KernelLevel =
        flags.isSuperset(of: ["avx512f", "avx512bw"]) ? .avx512 : flags.contains("avx2") ? .avx2 : .baseline
      XCTAssertEqual(KernelLevel.supported, expected, "/proc/cpuinfo flags say \(expected)")
      XCTAssertEqual(ran, KernelLevel.allCases.filter { $0.rawValue <= expected.rawValue })
    #endif
    let untested = KernelLevel.allCases.filter { !ran.contains($0) }
    if !untested.isEmpty {
      print(
        "KernelLevelTests: this processor cannot run \(untested); those compiled loops not compared here "
          + "(the hand-written AVX-512 gather runs emulated: testTheAVX512GatherRunsEmulatedOnAnyMachine)")
    }
  }

  /// The colour table's hand-written AVX-512 gather runs on every machine: Tests/Kernels/avx512-emulated.c
  /// compiles LookupRow.c with the intrinsics emulated in portable C (SIMDe) and compares the gather with the
  /// one-block loop on random tables, edges included. (The blur's AVX2 and AVX-512 variants are the same C loop
  /// compiled for wider registers; they run above where the processor has them.)
  func testTheAVX512GatherRunsEmulatedOnAnyMachine() throws {
    let kernels = FixtureFiles.root.appendingPathComponent("Sources/CEffectKernels").path
    let harness = FixtureFiles.root.appendingPathComponent("Tests/Kernels/avx512-emulated.c").path
    XCTAssertTrue(
      FileManager.default.fileExists(atPath: "/usr/include/simde/x86/avx512.h"),
      "SIMDe is missing: make deps installs libsimde-dev")
    let folder = FixtureFiles.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let program = folder.appendingPathComponent("avx512-emulated")
    let built = try ClipmergeProcess.capture(
      URL(fileURLWithPath: "/usr/bin/gcc"),
      [
        "-O1", "-std=gnu11", "-Wno-psabi", "-DLOOKUP_ROW=\"\(kernels)/LookupRow.c\"", "-I\(kernels)/include",
        "-I\(kernels)", "-o", program.path, harness,
      ])
    XCTAssertEqual(built.code, 0, built.stderr)
    let ran = try ClipmergeProcess.capture(program, [])
    XCTAssertEqual(ran.code, 0, ran.stdout + ran.stderr)
    XCTAssertEqual(ran.stdout, "compared 48000 samples\n")
  }
}
