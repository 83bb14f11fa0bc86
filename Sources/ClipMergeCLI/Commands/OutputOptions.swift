import Composition

/// The output options every rendering command shares: the file, overwriting, the encoder settings.
struct OutputOptions {
  /// The output file; empty when not given yet (compose may take it from its spec).
  var path: String
  var overwrite: Bool
  var quiet: Bool
  /// Print the spec the command would render, and stop.
  var printSpec: Bool
  /// Probe, validate and print the plan, and stop: nothing is written.
  var dryRun: Bool
  private var container: ExportSettings.Container?
  private var crf: Int?
  private var preset: String?
  private var faststart: Bool?

  static let specs: [OptionSpec] = [
    OptionSpec("output", short: "o", value: "FILE", help: "Output file; .mov or .mp4 (H.264 + AAC)."),
    OptionSpec("overwrite", short: "y", help: "Replace an existing output (never done without it)."),
    OptionSpec("crf", value: "N", help: "x264 constant rate factor, 0-51 (default 23; lower is better)."),
    OptionSpec("preset", value: "NAME", help: "x264 preset, ultrafast ... veryslow (default medium)."),
    OptionSpec("no-faststart", help: "Leave the index at the end instead of the front."),
    OptionSpec("quiet", short: "q", help: "Print nothing but errors."),
    OptionSpec("print-spec", help: "Print the JSON spec this would render (for compose), render nothing."),
    OptionSpec("dry-run", help: "Probe, validate and print the plan; write nothing."),
  ]

  init(_ parsed: ParsedArguments, pathRequired: Bool = true) throws(UsageError) {
    path = parsed.values["output"] ?? ""
    printSpec = parsed.flags.contains("print-spec")
    dryRun = parsed.flags.contains("dry-run")
    if path.isEmpty && pathRequired && !printSpec && !dryRun { throw UsageError("missing -o OUTPUT") }
    overwrite = parsed.flags.contains("overwrite")
    quiet = parsed.flags.contains("quiet")
    if !path.isEmpty { container = try Self.container(of: path) }
    crf = try parsed.value(
      "crf", expected: "a whole number from 0 to 51", { Int($0).flatMap { (0...51).contains($0) ? $0 : nil } })
    preset = try parsed.value(
      "preset", expected: "an x264 preset (\(ExportSettings.x264Presets.joined(separator: ", ")))",
      { ExportSettings.x264Presets.contains($0) ? $0 : nil })
    faststart = parsed.flags.contains("no-faststart") ? false : nil
  }

  /// The container a file name's extension calls for.
  static func container(of path: String) throws(UsageError) -> ExportSettings.Container {
    let ext = path.split(separator: ".").last.map(String.init) ?? ""
    guard path.contains("."), let container = ExportSettings.Container(pathExtension: ext) else {
      throw UsageError("-o: cannot tell the container from '\(path)'; use a .mov or .mp4 name")
    }
    return container
  }

  /// `base` with every setting given on the command line put over it.
  func apply(to base: ExportSettings) -> ExportSettings {
    var export = base
    if let container { export.container = container }
    if let crf { export.crf = crf }
    if let preset { export.preset = preset }
    if let faststart { export.optimizeForNetworkUse = faststart }
    return export
  }

  /// The settings from the command line over the defaults.
  var export: ExportSettings { apply(to: ExportSettings()) }
}
