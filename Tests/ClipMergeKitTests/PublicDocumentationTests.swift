import Foundation
import TestSupport
import XCTest

/// Every public declaration of the library (ClipMergeKit and the model and engine it re-exports) has a doc
/// comment, the text `docc` and an editor's quick help show a Swift programmer.
final class PublicDocumentationTests: XCTestCase {
  /// The public declarations of `folder`'s Swift files with no `///` comment above them (attributes skipped),
  /// as "file:line: declaration".
  private func undocumented(in folder: String) throws -> [String] {
    let base = FixtureFiles.root.appendingPathComponent(folder)
    let files = try XCTUnwrap(FileManager.default.subpathsOfDirectory(atPath: base.path))
      .filter { $0.hasSuffix(".swift") }.sorted()
    XCTAssertFalse(files.isEmpty, "\(folder) has Swift files")
    var missing: [String] = []
    for file in files {
      let lines = try String(contentsOf: base.appendingPathComponent(file), encoding: .utf8)
        .split(separator: "\n", omittingEmptySubsequences: false)
      for (index, line) in lines.enumerated() {
        let text = line.trimmingCharacters(in: .whitespaces)
        guard text.hasPrefix("public ") || text.hasPrefix("open "), !text.hasPrefix("public case "),
          !text.hasPrefix("public import "), !text.hasPrefix("public extension ")
        else { continue }
        var above = index - 1
        while above >= 0, lines[above].trimmingCharacters(in: .whitespaces).hasPrefix("@") { above -= 1 }
        let previous = above >= 0 ? lines[above].trimmingCharacters(in: .whitespaces) : ""
        if !previous.hasPrefix("///") { missing.append("\(folder)/\(file):\(index + 1): \(text)") }
      }
    }
    return missing
  }

  func testEveryPublicDeclarationIsDocumented() throws {
    for folder in ["Sources/ClipMergeKit", "Sources/Composition", "Sources/Engine"] {
      let missing = try undocumented(in: folder)
      XCTAssertEqual(missing, [], "\(missing.count) public declarations without a doc comment")
    }
  }
}
