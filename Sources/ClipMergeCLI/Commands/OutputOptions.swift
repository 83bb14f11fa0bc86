import Composition

/// The output options every rendering command shares: the file, overwriting, the encoder settings.
struct OutputOptions {
  var path: String
  var overwrite: Bool
  var export: ExportSettings
  var quiet: Bool

  static let specs: [OptionSpec] = [
    OptionSpec("output", short: "o", value: "FILE", help: "Output file; .mov or .mp4 (H.264 + AAC)."),
    OptionSpec("overwrite", short: "y", help: "Replace an existing output (never done without it)."),
    OptionSpec("crf", value: "N", help: "x264 constant rate factor, 0-51 (default 23; lower is better)."),
    OptionSpec("preset", value: "NAME", help: "x264 preset, ultrafast ... veryslow (default medium)."),
    OptionSpec("no-faststart", help: "Leave the index at the end instead of the front."),
    OptionSpec("quiet", short: "q", help: "Print nothing but errors."),
  ]

  init(_ parsed: ParsedArguments) throws(UsageError) {
    guard let path = parsed.values["output"] else { throw UsageError("missing -o OUTPUT") }
    let ext = path.split(separator: ".").last.map(String.init) ?? ""
    guard path.contains("."), let container = ExportSettings.Container(pathExtension: ext) else {
      throw UsageError("-o: cannot tell the container from '\(path)'; use a .mov or .mp4 name")
    }
    self.path = path
    overwrite = parsed.flags.contains("overwrite")
    quiet = parsed.flags.contains("quiet")
    export = ExportSettings(container: container)
    if let crf = try parsed.value(
      "crf", expected: "a whole number from 0 to 51", { Int($0).flatMap { (0...51).contains($0) ? $0 : nil } })
    {
      export.crf = crf
    }
    if let preset = try parsed.value(
      "preset", expected: "an x264 preset (\(ExportSettings.x264Presets.joined(separator: ", ")))",
      { ExportSettings.x264Presets.contains($0) ? $0 : nil })
    {
      export.preset = preset
    }
    export.optimizeForNetworkUse = !parsed.flags.contains("no-faststart")
  }
}
