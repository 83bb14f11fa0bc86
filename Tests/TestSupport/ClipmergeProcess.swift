import Foundation

/// Runs the built `clipmerge` executable as a user would, capturing its exit code and output.
public enum ClipmergeProcess {
  public struct Result: Sendable {
    public var code: Int32
    public var stdout: String
    public var stderr: String
  }

  /// The environment for a clipmerge child process. Under `make sanitize` the test runner itself runs without a
  /// leak check (XCTest and Foundation's Process keep objects to the end), while every clipmerge it starts
  /// checks for leaks: CLIPMERGE_CHILD_ASAN_OPTIONS becomes the child's ASAN_OPTIONS.
  public static var childEnvironment: [String: String] {
    var environment = ProcessInfo.processInfo.environment
    if let options = environment["CLIPMERGE_CHILD_ASAN_OPTIONS"] { environment["ASAN_OPTIONS"] = options }
    return environment
  }

  /// The executable built beside the test bundle.
  public static var executable: URL {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("clipmerge")
  }

  /// Runs another command-line tool (ffprobe) and returns its standard output.
  public static func runTool(_ name: String, _ arguments: [String]) throws -> String {
    try capture(URL(fileURLWithPath: "/usr/bin/env"), [name] + arguments).stdout
  }

  /// Runs the clipmerge executable with `arguments`.
  public static func run(_ arguments: [String]) throws -> Result {
    try capture(executable, arguments)
  }

  /// Runs `program` with `arguments` (in `directory` when given), with the child environment and an empty
  /// standard input, and captures its exit code and both outputs.
  public static func capture(_ program: URL, _ arguments: [String], in directory: URL? = nil) throws -> Result {
    let process = Process()
    process.executableURL = program
    process.arguments = arguments
    process.environment = childEnvironment
    if let directory { process.currentDirectoryURL = directory }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      code: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
  }
}
