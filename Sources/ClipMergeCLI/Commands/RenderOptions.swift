import ClipMergeKit

/// The output options every rendering command shares: the file, overwriting, the format and encoder settings,
/// what is printed.
struct RenderOptions {
  /// The output file, `-` for standard output; empty when not given (compose may take it from its spec).
  var path: String
  var overwrite: Bool
  var quiet: Bool
  /// Print the spec the command would render, and stop.
  var printSpec: Bool
  /// Probe, validate and print the plan, and stop: nothing is written.
  var dryRun: Bool
  /// Progress as JSON objects on standard error, one a line.
  var progressJSON: Bool
  /// `--report`: where the JSON report of the finished render goes.
  var report: RenderReport.Destination?
  /// Any damage in an input fails the render.
  var strict: Bool
  /// Copy the groups of pictures that show unchanged, re-encode only the rest (`--smart`), or never (`--no-smart`);
  /// neither: the exporter's plan decides (`ExportPlan`, from `RenderRunner.smartPolicy`).
  var smart: Bool
  var noSmart: Bool
  /// `--format`.
  private var format: Container?
  /// What a spec says of the output (compose): its `output.path` and `output.container`.
  var specPath: String?
  var specContainer: Container?
  /// The encoder and container settings given.
  var overrides: ExportOverrides

  static let specs: [OptionSpec] =
    [
      OptionSpec(
        "output", short: "o", value: "FILE",
        help: "Output file (.mov .mp4 .m4v .mkv .webm .ts, .gif .webp: animations without sound), or - for stdout."),
      RenderOptions.overwriteOption,
      OptionSpec(
        "format", value: "NAME", choices: Container.allCases.map(\.rawValue),
        help: "mov, mp4, mkv, webm, mpegts, gif or webp (default: from the extension; mkv on stdout)."),
      OptionSpec(
        "video-codec", value: "NAME", choices: VideoCodec.allCases.map(\.rawValue),
        help: "h264, hevc, vp9, av1 or prores (default: h264; vp9 in webm)."),
      OptionSpec(
        "audio-codec", value: "NAME", choices: AudioCodec.allCases.map(\.rawValue),
        help: "aac, opus or pcm (default: aac; opus in webm)."),
      OptionSpec(
        "quality", value: "LEVEL", choices: ExportSettings.Quality.allCases.map(\.rawValue),
        help: "low, medium (default), high or highest: quality, speed, audio bit rate."),
      OptionSpec("crf", value: "N", help: "Constant quality on the codec's scale (x264 0-51, default from --quality)."),
      OptionSpec(
        "preset", value: "NAME", choices: ExportSettings.x264Presets,
        help: "Encoder speed, x264's names ultrafast ... veryslow (default from --quality)."),
      OptionSpec(
        "video-bitrate", value: "RATE", help: "Average video bit rate (5M, 800k) instead of constant quality."),
      OptionSpec("audio-bitrate", value: "RATE", help: "Audio bit rate (192k)."),
      OptionSpec("sample-rate", value: "HZ", help: "Audio sample rate (default 48000; AAC takes at most 96000)."),
      OptionSpec("channels", value: "N", help: "Audio channels, 1-8 (default 2)."),
      OptionSpec("metadata", value: "KEY=VALUE", help: "Container metadata, repeatable (title=..., comment=...)."),
      OptionSpec(
        "loudness", value: "LUFS",
        help: "Bring the sound to this integrated loudness (EBU R128, -70 to -5: -14 streaming, -23 broadcast), "
          + "true peak at most -1 dBTP."),
      OptionSpec(
        "pitch", value: "MODE", choices: AudioTimePitch.allCases.map(\.rawValue),
        help: "keep (default: sound played faster or slower keeps its pitch) or follow (tape-style)."),
      OptionSpec(
        "hdr", value: "MODE", choices: DynamicRange.allCases.map(\.rawValue),
        help: "keep (default: HDR clips stay HDR, 10-bit, in hevc, vp9, av1 or prores, hevc when no codec is "
          + "named; layers, text, effects and SDR clips are composed into HDR at 10 bits) or sdr (mapped to SDR)."),
      OptionSpec("no-faststart", help: "Leave the MP4/MOV index at the end instead of the front."),
      RenderOptions.threadsOption,
      OptionSpec(
        "progress", value: "KIND", choices: ["ndjson"],
        help: "ndjson: one JSON object per update on stderr, then a report."),
      OptionSpec(
        "report", value: "json|FILE", choices: ["json"],
        help: "When done, a JSON report (path, streams, duration, frames, size, bit rate, wall and CPU time) on "
          + "stdout (json) or into FILE."),
      RenderOptions.strictOption,
      OptionSpec(
        "smart", help: "Copy what shows unchanged (whole H.264 groups of pictures), re-encode only the rest."),
      OptionSpec(
        "no-smart",
        help: "Render every frame (concat of trimmed clips is smart by default when it copies at least half)."),
      RenderOptions.quietOption,
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
    strict = parsed.flags.contains("strict")
    smart = parsed.flags.contains("smart")
    noSmart = parsed.flags.contains("no-smart")
    if smart && noSmart { throw UsageError("--smart and --no-smart ask for opposite things; give one") }
    let progress = try parsed.value("progress", expected: "ndjson") { $0 == "ndjson" ? $0 : nil }
    progressJSON = progress != nil
    report = parsed.values["report"].map(RenderReport.Destination.init)
    if report == .standardOutput && path == "-" {
      throw UsageError("--report json: standard output carries the media; give the report a FILE instead")
    }
    format = try parsed.value("format", expected: "mov, mp4, mkv, webm, mpegts, gif or webp") {
      Container(pathExtension: $0)
    }
    let videoCodec = try parsed.value(
      "video-codec", expected: "h264, hevc, vp9, av1 or prores", VideoCodec.init(rawValue:))
    let audioCodec = try parsed.value("audio-codec", expected: "aac, opus or pcm", AudioCodec.init(rawValue:))
    let quality = try parsed.value(
      "quality", expected: "low, medium, high or highest", ExportSettings.Quality.init(rawValue:))
    let crf = try parsed.value("crf", expected: "a whole number from 0 to 63") {
      Int($0).flatMap { (0...63).contains($0) ? $0 : nil }
    }
    let preset = try parsed.value(
      "preset", expected: "an x264 preset (\(ExportSettings.x264Presets.joined(separator: ", ")))",
      { ExportSettings.x264Presets.contains($0) ? $0 : nil })
    let videoRate = try parsed.value("video-bitrate", expected: "a bit rate such as 5M or 800k", ValueParsers.bitRate)
    let audioRate = try parsed.value("audio-bitrate", expected: "a bit rate such as 192k", ValueParsers.bitRate)
    let sampleRate = try parsed.value("sample-rate", expected: "a sample rate from 8000 to 192000") {
      Int($0).flatMap { (8000...192_000).contains($0) ? $0 : nil }
    }
    let channels = try parsed.value("channels", expected: "1 to 8") {
      Int($0).flatMap { (1...8).contains($0) ? $0 : nil }
    }
    var metadata: [String: String] = [:]
    for pair in parsed.lists["metadata"] ?? [] {
      guard let eq = pair.firstIndex(of: "="), eq != pair.startIndex else {
        throw UsageError("--metadata: expected KEY=VALUE, got '\(pair)'")
      }
      metadata[String(pair[..<eq])] = String(pair[pair.index(after: eq)...])
    }
    let range = LoudnessTarget.integratedRange
    let loudness = try parsed.value(
      "loudness", expected: "a loudness in LUFS from -70 to -5, such as -14 or -23", ValueParsers.number(in: range))
    let pitch = try parsed.value("pitch", expected: "keep or follow", AudioTimePitch.init(rawValue:))
    let hdr = try parsed.value("hdr", expected: "keep or sdr", DynamicRange.init(rawValue:))
    let noFaststart = parsed.flags.contains("no-faststart")
    let threads = try Self.threads(parsed)
    overrides = ExportOverrides(
      videoCodec: videoCodec, audioCodec: audioCodec, quality: quality, crf: crf, preset: preset,
      videoBitRate: videoRate, audioBitRate: audioRate, sampleRate: sampleRate, channels: channels,
      metadata: metadata, noFaststart: noFaststart, threads: threads,
      loudness: loudness.map { LoudnessTarget(integrated: $0) }, pitch: pitch, hdr: hdr)
  }

  /// Options other commands take with the same meaning (one spec each, so their help cannot drift apart).
  static let overwriteOption = OptionSpec(
    "overwrite", short: "y", help: "Replace an existing output (never done without it).")
  static let quietOption = OptionSpec("quiet", short: "q", help: "Print nothing but errors.")
  static let strictOption = OptionSpec(
    "strict", help: "Fail on any damaged packet in an input (default: skip it, hold the last picture, warn).")

  static let threadsOption = OptionSpec(
    "threads", value: "N",
    help: "CPUs the video encoding may use; a smart render shares them among up to 4 runs encoded at once "
      + "(default: every CPU; x264 alone takes 1.5 threads a core).")

  /// `--threads N`: 1 to 64.
  static func threads(_ parsed: ParsedArguments) throws(UsageError) -> Int? {
    try parsed.value("threads", expected: "a whole number from 1 to 64") {
      Int($0).flatMap { (1...64).contains($0) ? $0 : nil }
    }
  }

  /// Where the output goes and in what container: the one decision (`OutputRoute.decide`) from `-o`, `--format`
  /// and the spec.
  func route() throws(CommandFailure) -> OutputRoute {
    do {
      return try OutputRoute.decide(
        path: path.isEmpty ? specPath ?? "" : path, commandLinePath: !path.isEmpty, format: format,
        specContainer: specContainer)
    } catch {
      throw CommandFailure(error.description, code: .usage)
    }
  }

  /// `base` with every setting given on the command line put over it (the container is the route's).
  func apply(to base: ExportSettings) -> ExportSettings {
    var export = overrides.apply(to: base)
    if let format { export.container = format }
    return export
  }

  /// The settings from the command line over the defaults.
  var export: ExportSettings { apply(to: ExportSettings()) }
}
