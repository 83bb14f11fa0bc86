/// One thing wrong with a spec, at a JSON path (`tracks[1].segments[0].source`).
public struct SpecProblem: Error, Sendable, Hashable, CustomStringConvertible {
  public var path: String
  public var message: String

  public init(path: String, message: String) {
    self.path = path
    self.message = message
  }

  public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}

/// Every problem found in a spec; nothing renders while there is one.
public struct InvalidSpec: Error, Sendable, CustomStringConvertible {
  public var problems: [SpecProblem]

  public init(problems: [SpecProblem]) { self.problems = problems }

  public var description: String { problems.map(\.description).joined(separator: "\n") }
}
