extension SpecDecoder.Context {
  /// `{"tracks": [{"track": ID, "volume": V | keyframes}]}`.
  mutating func audioMix(_ value: Any, at path: String) -> AudioMix {
    guard let object = reader.object(value, at: path, allowed: ["tracks"]) else { return AudioMix() }
    var parameters: [AudioMixParameters] = []
    for (i, item) in (reader.array(object["tracks"], at: "\(path).tracks") ?? []).enumerated() {
      let p = "\(path).tracks[\(i)]"
      guard let entry = reader.object(item, at: p, allowed: ["track", "volume"], required: ["track", "volume"]) else {
        continue
      }
      let track = reader.integer(entry["track"], at: "\(p).track", in: 0...1_000_000)
      let volume = entry["volume"].flatMap { keyframed($0, at: "\(p).volume") { $0.reader.number($1, at: $2) } }
      guard let track, let volume else { continue }
      parameters.append(AudioMixParameters(trackID: TrackID(track), volume: volume))
    }
    return AudioMix(parameters: parameters)
  }

  mutating func exportSettings(_ value: Any, at path: String, path outputPath: inout String?) -> ExportSettings {
    var export = ExportSettings()
    guard
      let object = reader.object(
        value, at: path,
        allowed: ["path", "container", "crf", "preset", "faststart", "sampleRate", "channels", "audioBitrate"])
    else { return export }
    if let p = reader.string(object["path"], at: "\(path).path") { outputPath = resolve(p) }
    if let text = reader.string(object["container"], at: "\(path).container") {
      if let container = ExportSettings.Container(pathExtension: text) {
        export.container = container
      } else {
        reader.fail("\(path).container", "expected mov or mp4, got '\(text)'")
      }
    }
    if let crf = reader.integer(object["crf"], at: "\(path).crf", in: 0...51) { export.crf = crf }
    if let preset = reader.string(object["preset"], at: "\(path).preset") {
      if ExportSettings.x264Presets.contains(preset) {
        export.preset = preset
      } else {
        reader.fail("\(path).preset", "expected an x264 preset, got '\(preset)'")
      }
    }
    if let faststart = reader.bool(object["faststart"], at: "\(path).faststart") {
      export.optimizeForNetworkUse = faststart
    }
    if let rate = reader.integer(object["sampleRate"], at: "\(path).sampleRate", in: 8000...192_000) {
      export.audioSampleRate = rate
    }
    if let channels = reader.integer(object["channels"], at: "\(path).channels", in: 1...8) {
      export.audioChannels = channels
    }
    if let bitrate = reader.integer(object["audioBitrate"], at: "\(path).audioBitrate", in: 8000...1_000_000) {
      export.audioBitRate = bitrate
    }
    return export
  }
}
