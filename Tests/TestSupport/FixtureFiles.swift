import Foundation

/// Where the tests' inputs are: fixtures this project generates, and the real-world clips in ../shared/media.
public enum FixtureFiles {
  /// The repository's root folder.
  public static let root: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  private static let lock = NSLock()
  nonisolated(unsafe) private static var generated = false

  /// The path of a generated fixture, running Fixtures/make-fixtures.sh first when it is missing.
  public static func path(_ name: String) -> String {
    let url = root.appendingPathComponent("Fixtures/generated/\(name)")
    lock.lock()
    defer { lock.unlock() }
    if !generated && !FileManager.default.fileExists(atPath: url.path) {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/bash")
      process.arguments = [root.appendingPathComponent("Fixtures/make-fixtures.sh").path]
      // Its progress goes to standard error: standard output of a test bundle is the test list swift test reads.
      process.standardOutput = FileHandle.standardError
      do {
        try process.run()
        process.waitUntilExit()
      } catch {
        FileHandle.standardError.write(Data("Fixtures/make-fixtures.sh could not be started: \(error)\n".utf8))
      }
      if process.processIdentifier != 0 && process.terminationStatus != 0 {
        FileHandle.standardError.write(
          Data("Fixtures/make-fixtures.sh failed with status \(process.terminationStatus)\n".utf8))
      }
      generated = true
    }
    return url.path
  }

  /// A test's precondition that does not hold: the test fails with it (it is never skipped).
  public struct MissingPrecondition: Error, CustomStringConvertible {
    public var description: String

    /// A precondition described as `description`.
    public init(description: String) { self.description = description }
  }

  /// The folder of real-world clips beside the project; a test that needs it fails when it is absent.
  public static func sharedMedia() throws -> URL {
    let url = root.deletingLastPathComponent().appendingPathComponent("shared/media")
    guard FileManager.default.fileExists(atPath: url.path) else {
      throw MissingPrecondition(description: "\(url.path) is absent: the real-world clips are ../shared/media")
    }
    return url
  }

  /// A fresh empty folder for a test's outputs.
  public static func temporaryFolder() -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("clipmerge-tests-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
