import Foundation
import TestSupport
import XCTest

/// A test case with a temporary folder of its own for each test, removed after it.
class FolderTestCase: XCTestCase {
  /// This test's folder.
  private(set) var folder: URL!

  override func setUp() {
    super.setUp()
    folder = FixtureFiles.temporaryFolder()
  }

  override func tearDown() {
    try? FileManager.default.removeItem(at: folder)
    super.tearDown()
  }

  /// The path of `name` in this test's folder.
  func out(_ name: String) -> String { folder.appendingPathComponent(name).path }
}
