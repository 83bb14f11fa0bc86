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

  /// The folder of real-world clips beside the project, or nil when it is absent.
  public static var sharedMedia: URL? {
    let url = root.deletingLastPathComponent().appendingPathComponent("shared/media")
    return FileManager.default.fileExists(atPath: url.path) ? url : nil
  }

  /// A fresh empty folder for a test's outputs.
  public static func temporaryFolder() -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("clipmerge-tests-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
