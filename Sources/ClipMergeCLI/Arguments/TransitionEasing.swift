import ClipMergeKit

/// `--transition-easing`: the command line's names (kebab-case, like every value there) for the ramp curves a
/// spec names in camelCase.
enum TransitionEasing {
  static let curves: [(name: String, curve: Ramp<Double>.Curve)] = [
    ("linear", .linear), ("ease-in", .easeIn), ("ease-out", .easeOut), ("ease-in-out", .easeInOut),
  ]

  static var names: [String] { curves.map(\.name) }

  static func curve(named name: String) -> Ramp<Double>.Curve? { curves.first { $0.name == name }?.curve }
}
