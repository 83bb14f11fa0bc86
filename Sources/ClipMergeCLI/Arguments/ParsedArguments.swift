import ClipMergeKit

/// A command line split into positionals, option values and flags, before any value is interpreted.
struct ParsedArguments: Sendable {
  var positionals: [String] = []
  /// Option name → value (the last one given wins).
  var values: [String: String] = [:]
  /// Option name → every value given, in order (for options that may repeat, such as --metadata).
  var lists: [String: [String]] = [:]
  var flags: Set<String> = []
  /// Every option in the order given, with its value (nil for a flag): for options that apply to the one before
  /// them (a title's `--text-*`).
  var sequence: [(name: String, value: String?)] = []
  /// A render command's own arguments after `--` (`-- overlay a.mp4 b.mp4 --fade-in 1`), standing for the spec it
  /// prints; nil when there are none (see `RecipeSpec`).
  var recipe: [String]?
  /// Where each option's value stood (its last use; a flag's own place; `--name=value` is one argument), and
  /// each positional, counted as the user typed them after `clipmerge` (the command is 1), for errors that
  /// point at the argument.
  var positions: [String: Int] = [:]
  var positionalPositions: [Int] = []
  /// The names each option's value may be (its spec's choices), for "did you mean …?".
  var choices: [String: [String]] = [:]

  /// Splits `arguments` by `specs`: `--name value`, `--name=value`, `-x value`, flags, and `--` ending options.
  /// A lone `-` is a positional (standard input or output). With `acceptsRecipe`, `-- overlay ...` or
  /// `-- concat ...` ends the arguments: the rest is `recipe`.
  init(_ arguments: [String], specs: [OptionSpec], acceptsRecipe: Bool = false) throws(UsageError) {
    var index = 0
    var optionsEnded = false
    func spec(named name: String) -> OptionSpec? { specs.first { $0.name == name } }
    for spec in specs where !spec.choices.isEmpty { choices[spec.name] = spec.choices }
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      // After the command, 1-based: this argument is number index + 1.
      let position = index + 1
      // `-#t=0,1`: standard input, trimmed.
      if optionsEnded || argument == "-" || argument.hasPrefix("-#") || !argument.hasPrefix("-") {
        positionals.append(argument)
        positionalPositions.append(position)
        continue
      }
      if argument == "--" {
        if acceptsRecipe, index < arguments.count, RecipeSpec.commands.contains(arguments[index]) {
          recipe = Array(arguments[index...])
          break
        }
        optionsEnded = true
        continue
      }
      var name: String
      var inlineValue: String?
      if argument.hasPrefix("--") {
        let body = argument.dropFirst(2)
        if let eq = body.firstIndex(of: "=") {
          name = String(body[..<eq])
          inlineValue = String(body[body.index(after: eq)...])
        } else {
          name = String(body)
        }
      } else {
        guard argument.count == 2, let letter = argument.last,
          let match = specs.first(where: { $0.short == letter })
        else { throw Self.unknown(argument, specs, at: position) }
        name = match.name
      }
      guard let option = spec(named: name) else { throw Self.unknown(argument, specs, at: position) }
      positions[name] = position
      if option.valueIsOptional {
        var value = inlineValue
        if value == nil, index < arguments.count, Double(arguments[index]) != nil {
          value = arguments[index]
          index += 1
          positions[name] = position + 1
        }
        if let value {
          values[name] = value
          lists[name, default: []].append(value)
        }
        flags.insert(name)
        sequence.append((name, value))
      } else if option.takesValue {
        let value: String
        if let inlineValue {
          value = inlineValue
        } else {
          guard index < arguments.count else {
            throw UsageError("\(argument) needs a value (\(option.valueName ?? ""))", argument: position)
          }
          value = arguments[index]
          // `--size -o x.mp4`: the value was left out, and the next option taken for it.
          if value.count > 1, value.hasPrefix("-"), Double(value) == nil, Self.names(value, specs) {
            throw UsageError(
              "\(argument) needs a value (\(option.valueName ?? "")) before \(value)", argument: position)
          }
          index += 1
          positions[name] = position + 1
        }
        values[name] = value
        lists[name, default: []].append(value)
        sequence.append((name, value))
      } else {
        if inlineValue != nil { throw UsageError("--\(name) takes no value", argument: position) }
        flags.insert(name)
        sequence.append((name, nil))
      }
    }
  }

  /// "unknown option", with the option meant when there is one.
  private static func unknown(_ argument: String, _ specs: [OptionSpec], at position: Int) -> UsageError {
    let hint = OptionHint.hint(for: argument, among: specs).map { "; \($0)" } ?? ""
    return UsageError("unknown option '\(argument)'\(hint)", argument: position)
  }

  /// Whether `argument` is one of `specs`' options (`--name`, `--name=...` or `-x`).
  private static func names(_ argument: String, _ specs: [OptionSpec]) -> Bool {
    if argument.hasPrefix("--") {
      let name = argument.dropFirst(2).prefix { $0 != "=" }
      return specs.contains { $0.name == name }
    }
    return argument.count == 2 && specs.contains { $0.short == argument.last }
  }

  /// The value of `name` in the syntax `kind` (the same as in a spec), or nil when absent; a value it rejects is
  /// a usage error saying what the kind expects.
  func value<T>(_ name: String, _ kind: ValueSyntax.Kind<T>) throws(UsageError) -> T? {
    try value(name, expected: kind.expected, kind.parse)
  }

  /// The value of `name` interpreted by `parse`, or nil when absent; a value `parse` rejects is a usage error
  /// saying what was `expected`.
  func value<T>(_ name: String, expected: String, _ parse: (String) -> T?) throws(UsageError) -> T? {
    guard let text = values[name] else { return nil }
    guard let value = parse(text) else {
      let hint = NearMiss.suggestion(text, among: choices[name] ?? [])
      throw UsageError("--\(name): expected \(expected), got '\(text)'\(hint)", argument: positions[name])
    }
    return value
  }
}
