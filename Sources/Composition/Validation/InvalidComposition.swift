/// Thrown by `Composition.validate()`: every rule the composition breaks, in a stable order.
public struct InvalidComposition: Error, Sendable, CustomStringConvertible {
  /// The rules broken, each saying where.
  public var problems: [CompositionError]

  /// An error listing `problems`.
  public init(problems: [CompositionError]) { self.problems = problems }

  /// Each problem's description, separated by semicolons.
  public var description: String { problems.map(\.description).joined(separator: "; ") }
}
