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
    guard !name.isEmpty else { return nil }
    let candidates = specs.map(\.name)
    let best = candidates.map { ($0, distance(String(name), $0)) }.min { $0.1 < $1.1 }
    if let (option, far) = best, far <= (option.count >= 5 ? 2 : 1) { return "did you mean --\(option)?" }
    if let option = candidates.first(where: { $0.hasPrefix(name) && name.count >= 3 }) {
      return "did you mean --\(option)?"
    }
    return nil
  }

  /// The edit distance between `a` and `b` (insertions, deletions, substitutions).
  static func distance(_ a: String, _ b: String) -> Int {
    let (x, y) = (Array(a), Array(b))
    guard !x.isEmpty else { return y.count }
    guard !y.isEmpty else { return x.count }
    var previous = Array(0...y.count)
    for i in 1...x.count {
      var current = [i] + Array(repeating: 0, count: y.count)
      for j in 1...y.count {
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
      }
      previous = current
    }
    return previous[y.count]
  }
}
