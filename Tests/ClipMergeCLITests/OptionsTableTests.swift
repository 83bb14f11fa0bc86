import Foundation
import TestSupport
import XCTest

@testable import ClipMergeCLI

/// The same option means the same on every command that takes it; a command that does not take one of the
/// options that shape the picture and sound says why in its help; docs/options.md is what the tables say.
final class OptionsTableTests: XCTestCase {
  func testAnOptionMeansTheSameWhereverItIsTaken() {
    var seen: [String: (command: String, spec: OptionSpec)] = [:]
    for entry in CommandTable.entries {
      for spec in entry.type.specs {
        guard let first = seen[spec.name] else {
          seen[spec.name] = (entry.name, spec)
          continue
        }
        if CommandTable.differences[spec.name] != nil { continue }
        let other = first.spec
        XCTAssertEqual(spec.help, other.help, "--\(spec.name): \(entry.name) against \(first.command)")
        XCTAssertEqual(spec.valueName, other.valueName, "--\(spec.name): \(entry.name) against \(first.command)")
        XCTAssertEqual(spec.choices, other.choices, "--\(spec.name): \(entry.name) against \(first.command)")
        XCTAssertEqual(spec.short, other.short, "--\(spec.name): \(entry.name) against \(first.command)")
      }
    }
    // Every difference on purpose is a real one.
    for name in CommandTable.differences.keys {
      let helps = Set(CommandTable.entries.flatMap { $0.type.specs.filter { $0.name == name }.map(\.help) })
      XCTAssertGreaterThan(helps.count, 1, "--\(name) is listed as different but is the same everywhere")
    }
  }

  func testEveryCommandTakesThePictureAndSoundOptionsOrSaysWhyNot() throws {
    for entry in CommandTable.entries {
      let help = String(decoding: try InProcessClipMerge.run([entry.name, "--help"]).output, as: UTF8.self)
      for option in CommandTable.renderOptions {
        if entry.type.specs.contains(where: { $0.name == option }) { continue }
        let notTaken = try XCTUnwrap(
          help.range(of: "NOT TAKEN HERE:"), "\(entry.name) --help says nothing of --\(option)")
        XCTAssertTrue(help[notTaken.upperBound...].contains("--\(option)"), "\(entry.name) --help: --\(option)")
      }
    }
  }

  func testTheDocsTableIsWhatTheTablesSay() throws {
    let generated = try InProcessClipMerge.run(["man-page", "--options-table"])
    XCTAssertEqual(generated.code, 0)
    let committed = try Data(contentsOf: FixtureFiles.root.appendingPathComponent("docs/options.md"))
    XCTAssertEqual(
      String(decoding: committed, as: UTF8.self), String(decoding: generated.output, as: UTF8.self),
      "docs/options.md is stale: clipmerge man-page --options-table > docs/options.md")
  }
}
