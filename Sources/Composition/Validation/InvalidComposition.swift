/// Thrown by `Composition.validate()`: every rule the composition breaks, in a stable order.
public struct InvalidComposition: Error, Sendable, CustomStringConvertible {
  public var problems: [CompositionError]

  public init(problems: [CompositionError]) { self.problems = problems }

  public var description: String { problems.map(\.description).joined(separator: "; ") }
}
