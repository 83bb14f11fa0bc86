import Foundation

extension SpecDecoder.Context {
  /// `{"tracks": [{"track": ID, "volume": V | keyframes, "duck": DB | {"depth": DB, "attack": T, "release": T}}]}`.
  mutating func audioMix(_ value: Any, at path: String) -> AudioMix {
    guard let object = reader.object(value, at: path, allowed: ["tracks"]) else { return AudioMix() }
    var parameters: [AudioMixParameters] = []
    for (i, item) in (reader.array(object["tracks"], at: "\(path).tracks") ?? []).enumerated() {
      let p = "\(path).tracks[\(i)]"
      guard
        let entry = reader.object(item, at: p, allowed: ["track", "volume", "duck"], required: ["track", "volume"])
      else {
        continue
      }
      let track = reader.integer(entry["track"], at: "\(p).track", in: 0...1_000_000)
      let volume = entry["volume"].flatMap { keyframed($0, at: "\(p).volume") { $0.reader.number($1, at: $2) } }
      let duck = entry["duck"].flatMap { ducking($0, at: "\(p).duck") }
      guard let track, let volume else { continue }
      parameters.append(AudioMixParameters(trackID: TrackID(track), volume: volume, ducking: duck))
    }
    return AudioMix(parameters: parameters)
  }

  /// `DB` (the depth, with the default attack and release) or `{"depth": DB, "attack": T, "release": T}`.
  mutating func ducking(_ value: Any, at path: String) -> Ducking? {
    let depthRange = Ducking.depthRange
    if value is JSONNumber { return reader.number(value, at: path, in: depthRange).map { Ducking(depth: $0) } }
    guard let object = reader.object(value, at: path, allowed: ["depth", "attack", "release"]) else { return nil }
    var ducking = Ducking()
    if let depth = reader.number(object["depth"], at: "\(path).depth", in: depthRange) { ducking.depth = depth }
    if let attack = reader.time(object["attack"], at: "\(path).attack") { ducking.attack = attack }
    if let release = reader.time(object["release"], at: "\(path).release") { ducking.release = release }
    return ducking
  }

  /// `LUFS` (with a true peak of -1 dBTP) or `{"integrated": LUFS, "truePeak": DBTP}`.
  mutating func loudness(_ value: Any, at path: String) -> LoudnessTarget? {
    let range = LoudnessTarget.integratedRange
    if value is JSONNumber { return reader.number(value, at: path, in: range).map { LoudnessTarget(integrated: $0) } }
    guard let object = reader.object(value, at: path, allowed: ["integrated", "truePeak"], required: ["integrated"]),
      let integrated = reader.number(object["integrated"], at: "\(path).integrated", in: range)
    else { return nil }
    var target = LoudnessTarget(integrated: integrated)
    if let peak = reader.number(object["truePeak"], at: "\(path).truePeak", in: LoudnessTarget.truePeakRange) {
      target.truePeak = peak
    }
    return target
  }

  /// The output settings; `outputPath` and `container` receive what the spec says of where the output goes, for
  /// the output route to decide.
  mutating func exportSettings(
    _ value: Any, at path: String, path outputPath: inout String?, container: inout Container?
  ) -> ExportSettings {
    var export = ExportSettings()
    guard
      let object = reader.object(
        value, at: path,
        allowed: [
          "path", "container", "videoCodec", "audioCodec", "quality", "crf", "preset", "videoBitrate", "audioBitrate",
          "faststart", "sampleRate", "channels", "metadata", "loudness", "pitch", "hdr",
        ])
    else { return export }
    if let p = reader.string(object["path"], at: "\(path).path") {
      outputPath = resolve(p)
    }
    container = choice(object["container"], at: "\(path).container", Container.init(pathExtension:))
    if let container { export.container = container }
    export.videoCodec = choice(object["videoCodec"], at: "\(path).videoCodec", VideoCodec.self)
    export.audioCodec = choice(object["audioCodec"], at: "\(path).audioCodec", AudioCodec.self)
    if let quality = choice(object["quality"], at: "\(path).quality", ExportSettings.Quality.self) {
      export.quality = quality
    }
    export.crf = reader.integer(object["crf"], at: "\(path).crf", in: 0...63)
    export.preset = choice(object["preset"], at: "\(path).preset") {
      ExportSettings.x264Presets.contains($0) ? $0 : nil
    }
    export.videoBitRate = reader.integer(object["videoBitrate"], at: "\(path).videoBitrate", in: 8000...1_000_000_000)
    export.audioBitRate = reader.integer(object["audioBitrate"], at: "\(path).audioBitrate", in: 8000...1_000_000)
    if let faststart = reader.bool(object["faststart"], at: "\(path).faststart") {
      export.optimizeForNetworkUse = faststart
    }
    if let rate = reader.integer(object["sampleRate"], at: "\(path).sampleRate", in: 8000...192_000) {
      export.audioSampleRate = rate
    }
    if let channels = reader.integer(object["channels"], at: "\(path).channels", in: 1...8) {
      export.audioChannels = channels
    }
    if let pitch = choice(object["pitch"], at: "\(path).pitch", AudioTimePitch.self) {
      export.audioTimePitch = pitch
    }
    if let range = choice(object["hdr"], at: "\(path).hdr", DynamicRange.self) {
      export.dynamicRange = range
    }
    export.loudness = object["loudness"].flatMap { loudness($0, at: "\(path).loudness") }
    if let metadata = object["metadata"] {
      if let pairs = reader.object(
        metadata, at: "\(path).metadata", allowed: (metadata as? [String: Any])?.keys.sorted() ?? [])
      {
        for (key, value) in pairs {
          if let text = reader.string(value, at: "\(path).metadata.\(key)") { export.metadata[key] = text }
        }
      }
    }
    return export
  }

  /// A string naming one of a set of choices.
  mutating func choice<T>(_ value: Any?, at path: String, _ make: (String) -> T?) -> T? {
    guard let text = reader.string(value, at: path) else { return nil }
    guard let choice = make(text) else {
      reader.fail(path, "'\(text)' is not one of the choices (see docs/spec.md)")
      return nil
    }
    return choice
  }

  /// A string naming one of an enumeration's cases: a misspelt one is told the choices and the one it most
  /// likely meant.
  mutating func choice<T: CaseIterable & RawRepresentable<String>>(_ value: Any?, at path: String, _: T.Type) -> T? {
    guard let text = reader.string(value, at: path) else { return nil }
    guard let choice = T(rawValue: text) else {
      let names = T.allCases.map(\.rawValue)
      let hint = NearMiss.suggestion(text, among: names)
      reader.fail(path, "expected \(names.joined(separator: ", ")), got '\(text)'\(hint)")
      return nil
    }
    return choice
  }
}
