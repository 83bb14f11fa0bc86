import Foundation

/// Runs the built `clipmerge` executable as a user would, capturing its exit code and output.
public enum ClipmergeProcess {
  public struct Result: Sendable {
    public var code: Int32
    /// Standard output as bytes (media, with `-o -`).
    public var output: Data
    public var stderr: String
    public var stdout: String { String(decoding: output, as: UTF8.self) }

    public init(code: Int32, output: Data, stderr: String) {
      self.code = code
      self.output = output
      self.stderr = stderr
    }
  }

  /// The environment for a clipmerge child process. Under `make sanitize` the test runner itself runs without a
  /// leak check (XCTest and Foundation's Process keep objects to the end), while every clipmerge it starts
  /// checks for leaks: CLIPMERGE_CHILD_ASAN_OPTIONS becomes the child's ASAN_OPTIONS. CLIPMERGE_PYTHON is the
  /// Python with OpenTimelineIO's adapters that `make` installs under .build.
  public static var childEnvironment: [String: String] {
    var environment = ProcessInfo.processInfo.environment
    if let options = environment["CLIPMERGE_CHILD_ASAN_OPTIONS"] { environment["ASAN_OPTIONS"] = options }
    // OpenTimelineIO and its adapters, which `make` installs into a virtual environment, for EDL and XML timelines.
    if environment["CLIPMERGE_PYTHON"] == nil {
      environment["CLIPMERGE_PYTHON"] = FixtureFiles.root.appendingPathComponent(".build/otio-venv/bin/python").path
    }
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

  /// Runs the clipmerge executable with `arguments`, `input` on its standard input (empty when nil), and
  /// `environment` added to the child's.
  public static func run(
    _ arguments: [String], input: Data? = nil, environment: [String: String] = [:]
  ) throws -> Result {
    try capture(executable, arguments, input: input, environment: environment)
  }

  /// Runs `program` with `arguments` (in `directory` when given), with the child environment and `input` (or
  /// nothing) on standard input, and captures its exit code and both outputs. The outputs go to temporary files,
  /// not pipes: a child that fills one pipe while the parent waits on the other would never finish.
  public static func capture(
    _ program: URL, _ arguments: [String], in directory: URL? = nil, input: Data? = nil,
    environment: [String: String] = [:]
  ) throws -> Result {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("clipmerge-capture-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let paths = ["in", "out", "err"].map { folder.appendingPathComponent($0) }
    try (input ?? Data()).write(to: paths[0])
    for path in paths.dropFirst() { try Data().write(to: path) }
    let stdin = try FileHandle(forReadingFrom: paths[0])
    let stdout = try FileHandle(forWritingTo: paths[1])
    let stderr = try FileHandle(forWritingTo: paths[2])
    defer { for handle in [stdin, stdout, stderr] { try? handle.close() } }
    let process = Process()
    process.executableURL = program
    process.arguments = arguments
    process.environment = childEnvironment.merging(environment) { $1 }
    if let directory { process.currentDirectoryURL = directory }
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    process.waitUntilExit()
    return Result(
      code: process.terminationStatus, output: try Data(contentsOf: paths[1]),
      stderr: String(decoding: try Data(contentsOf: paths[2]), as: UTF8.self))
  }
}
