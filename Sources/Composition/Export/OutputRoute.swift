/// Where a render goes and in what container: a file, or standard output (`-`), streamed. Decided once, by
/// `decide`, from `-o`, `--format` and the spec; every command and the engine's writers (render and stream copy)
/// take the route instead of looking at the output's name again.
public struct OutputRoute: Sendable, Hashable {
  /// The name `-o` gives standard output.
  public static let standardOutputName = "-"

  /// The output file, or `-` for standard output.
  public var path: String
  /// The container written.
  public var container: Container

  /// The route writing `container` to `path` (`-` for standard output).
  public init(path: String, container: Container) {
    self.path = path
    self.container = container
  }

  /// Whether the output goes to standard output (`-`).
  public var isStandardOutput: Bool { path == Self.standardOutputName }

  /// MP4 and QuickTime on a pipe are fragmented: the index cannot be written at the end of a stream that
  /// cannot seek back.
  public var isFragmented: Bool { isStandardOutput && container.isISOMedia }

  /// Why no route could be decided, in the user's words.
  public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, in the user's words (`missing -o OUTPUT`).
    public var description: String
  }

  /// The route for `path` (`-o`, or the spec's `output.path` when `-o` was not given). The container is, in this
  /// order: `--format`; the extension of `-o`; the spec's `output.container`; the extension of the spec's
  /// `output.path`; Matroska on standard output. A file whose name says nothing and nothing else says either is
  /// a problem.
  public static func decide(
    path: String, commandLinePath: Bool, format: Container?, specContainer: Container?
  ) throws(Problem) -> OutputRoute {
    guard !path.isEmpty else { throw Problem(description: "missing -o OUTPUT") }
    let named = path == standardOutputName ? nil : Container(fileName: path)
    let candidates: [Container?] =
      commandLinePath ? [format, named, specContainer] : [format, specContainer, named]
    if let container = candidates.lazy.compactMap({ $0 }).first {
      return OutputRoute(path: path, container: container)
    }
    if path == standardOutputName { return OutputRoute(path: path, container: .mkv) }
    throw Problem(
      description:
        "-o: cannot tell the container from '\(path)'; use .mov .mp4 .m4v .mkv .webm .ts .gif or .webp, or --format")
  }
}
