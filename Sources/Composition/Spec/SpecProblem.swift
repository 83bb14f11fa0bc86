/// One thing wrong with a spec, at a JSON path (`tracks[1].segments[0].source`).
public struct SpecProblem: Error, Sendable, Hashable, CustomStringConvertible {
  /// The JSON path of the value at fault (`tracks[1].segments[0].source`); empty for the document as a whole.
  public var path: String
  /// What is wrong there, in the user's words.
  public var message: String

  /// A problem `message` about the value at `path`.
  public init(path: String, message: String) {
    self.path = path
    self.message = message
  }

  /// The path, a colon and the message (`tracks[0].kind: expected video or audio, got 'x'`), or the message alone.
  public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}

/// Every problem found in a spec; nothing renders while there is one.
public struct InvalidSpec: Error, Sendable, CustomStringConvertible {
  /// The problems, in the order they were found.
  public var problems: [SpecProblem]

  /// An error listing `problems`.
  public init(problems: [SpecProblem]) { self.problems = problems }

  /// Each problem's description, one a line.
  public var description: String { problems.map(\.description).joined(separator: "\n") }
}
