import Foundation
import TestSupport
import XCTest

/// Every public declaration of the library (ClipMergeKit and the model and engine it re-exports), the cases of
/// its public enums and the requirements of its public protocols included, has a doc comment: the text `docc`
/// and an editor's quick help show a Swift programmer.
final class PublicDocumentationTests: XCTestCase {
  /// The public declarations of `folder`'s Swift files with no `///` comment above them (attributes skipped),
  /// as "file:line: declaration": every `public` or `open` declaration, the cases of a public enum and the
  /// requirements of a public protocol (public without the word).
  private func undocumented(in folder: String) throws -> [String] {
    let base = FixtureFiles.root.appendingPathComponent(folder)
    let files = try XCTUnwrap(FileManager.default.subpathsOfDirectory(atPath: base.path))
      .filter { $0.hasSuffix(".swift") }.sorted()
    XCTAssertFalse(files.isEmpty, "\(folder) has Swift files")
    var missing: [String] = []
    for file in files {
      let lines = try String(contentsOf: base.appendingPathComponent(file), encoding: .utf8)
        .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      // The depth of braces before each line, and the bodies of public enums and protocols (their depth inside).
      var depth = 0
      var bodies: [(kind: String, depth: Int)] = []
      for (index, line) in lines.enumerated() {
        let text = line.trimmingCharacters(in: .whitespaces)
        let code = Self.code(of: text)
        let inside = bodies.last.map { $0.depth == depth ? $0.kind : "" } ?? ""
        let modifiers = text.split(separator: " ").prefix { !["enum", "protocol"].contains($0) }
        let needsComment =
          ((text.hasPrefix("public ") || text.hasPrefix("open ")) && !text.hasPrefix("public import ")
            && !text.hasPrefix("public extension "))
          || (inside == "enum" && text.hasPrefix("case "))
          || (inside == "protocol"
            && ["func ", "var ", "static ", "init", "subscript", "associatedtype "].contains { text.hasPrefix($0) })
        if needsComment {
          var above = index - 1
          while above >= 0, lines[above].trimmingCharacters(in: .whitespaces).hasPrefix("@") { above -= 1 }
          let previous = above >= 0 ? lines[above].trimmingCharacters(in: .whitespaces) : ""
          if !previous.hasPrefix("///") { missing.append("\(folder)/\(file):\(index + 1): \(text)") }
        }
        let opens = code.filter { $0 == "{" }.count
        let closes = code.filter { $0 == "}" }.count
        if modifiers.contains("public"), let kind = ["enum", "protocol"].first(where: { code.contains("\($0) ") }),
          opens > closes
        {
          bodies.append((kind, depth + 1))
        }
        depth += opens - closes
        while let last = bodies.last, depth < last.depth { bodies.removeLast() }
      }
    }
    return missing
  }

  /// `line` without its string literals and its `//` comment, for counting braces.
  private static func code(of line: String) -> String {
    var result = ""
    var inString = false
    var escaped = false
    var previous: Character = " "
    for character in line {
      if inString {
        if escaped {
          escaped = false
        } else if character == "\\" {
          escaped = true
        } else if character == "\"" {
          inString = false
        }
        continue
      }
      if character == "\"" {
        inString = true
        continue
      }
      if character == "/" && previous == "/" {
        result.removeLast()
        break
      }
      result.append(character)
      previous = character
    }
    return result
  }

  func testEveryPublicDeclarationIsDocumented() throws {
    for folder in ["Sources/ClipMergeKit", "Sources/Composition", "Sources/Engine"] {
      let missing = try undocumented(in: folder)
      XCTAssertEqual(missing, [], "\(missing.count) public declarations without a doc comment")
    }
  }
}
