import ClipMergeKit

/// What to say after "unknown option": the option meant (a near miss of one the command takes), or how clipmerge
/// spells what an ffmpeg habit asked for.
enum OptionHint {
  /// ffmpeg's options and clipmerge's way of saying them.
  static let ffmpegHabits: [String: String] = [
    "-ss": "a trim is written in the clip's name: 'a.mp4#t=1,3' (from 1 s to 3 s)",
    "-t": "a trim is written in the clip's name: 'a.mp4#t=1,3' (from 1 s to 3 s)",
    "-to": "a trim is written in the clip's name: 'a.mp4#t=1,3' (from 1 s to 3 s)",
    "-i": "inputs are plain arguments: clipmerge concat a.mp4 b.mp4 -o out.mp4",
    "-c:v": "use --video-codec", "-vcodec": "use --video-codec", "-c:a": "use --audio-codec",
    "-acodec": "use --audio-codec", "-r": "use --fps", "-s": "use --size WxH", "-b:v": "use --video-bitrate",
    "-b:a": "use --audio-bitrate", "-ar": "use --sample-rate", "-ac": "use --channels", "-crf": "use --crf",
    "-preset": "use --preset", "-an": "use --audio none", "-vn": "clipmerge always writes video; see --help",
  ]

  /// The hint for `argument`, or nil.
  static func hint(for argument: String, among specs: [OptionSpec]) -> String? {
    if let habit = ffmpegHabits[argument] { return habit }
    let name = argument.drop { $0 == "-" }.prefix { $0 != "=" }
    return NearMiss.nearest(String(name), among: specs.map(\.name)).map { "did you mean --\($0)?" }
  }
}
