import Foundation

/// Reads a composition spec (JSON; the format is docs/spec.md) into a `SpecDocument`, listing every problem of
/// form with its JSON path. Relative source paths resolve against `baseDirectory`.
public enum SpecDecoder {
  /// The spec in `data`, relative paths resolved against `baseDirectory`. Throws when the text is not JSON or
  /// its top level is not an object; other problems of form come back in the document's `problems`.
  public static func decode(_ data: Data, baseDirectory: String) throws(InvalidSpec) -> SpecDocument {
    let json: Any
    let bytes = Array(data)
    do {
      json = try JSONParser.parse(bytes)
    } catch {
      let (line, column) = position(of: error.offset, in: bytes)
      throw InvalidSpec(problems: [
        SpecProblem(path: "", message: "not valid JSON: \(error.message) (line \(line), column \(column))")
      ])
    }
    var context = Context(reader: SpecReader(), base: baseDirectory)
    guard var document = context.document(json) else { throw InvalidSpec(problems: context.reader.problems) }
    document.problems = context.reader.problems
    return document
  }

  /// The line and column (from 1; a column counts characters, not bytes) of byte `offset` of `bytes`.
  static func position(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
    var line = 1
    var column = 1
    for byte in bytes.prefix(max(0, min(offset, bytes.count))) {
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return (line, column)
  }

  /// The decoding pass: a reader collecting problems and the sources met so far.
  struct Context {
    var reader: SpecReader
    let base: String
    var sources: [Source] = []
    var sourcePaths: [SourceID: String] = [:]
    var sourceNames: [SourceID: String] = [:]

    static let placeholder = MediaInfo(container: "", duration: .zero, video: nil, audio: nil)

    mutating func document(_ json: Any) -> SpecDocument? {
      guard
        let root = reader.object(
          json, at: "", allowed: ["$schema", "description", "tracks", "video", "audio", "output"], required: ["tracks"])
      else { return nil }
      var tracks: [Track] = []
      for (i, value) in (reader.array(root["tracks"], at: "tracks") ?? []).enumerated() {
        if let track = track(value, at: "tracks[\(i)]") { tracks.append(track) }
      }
      let video = root["video"].flatMap { videoComposition($0, at: "video") }
      let audio = root["audio"].map { audioMix($0, at: "audio") } ?? AudioMix()
      var outputPath: String?
      var container: Container?
      let export =
        root["output"].map { exportSettings($0, at: "output", path: &outputPath, container: &container) }
        ?? ExportSettings()
      // Drawn sources (text, subtitles) are pictures of the render size.
      if let size = video?.renderSize {
        for index in sources.indices where sources[index].drawing != nil { sources[index].info = .drawn(size: size) }
      }
      let composition = Composition(sources: sources, tracks: tracks, video: video, audioMix: audio, export: export)
      return SpecDocument(
        composition: composition, sourcePaths: sourcePaths, sourceNames: sourceNames, outputPath: outputPath,
        outputContainer: container, problems: [])
    }

    func resolve(_ path: String) -> String {
      path.hasPrefix("/") || path == "-" ? path : URL(fileURLWithPath: base).appendingPathComponent(path).path
    }

    mutating func source(named name: String, at path: String) -> SourceID {
      let resolved = resolve(name)
      if let known = sources.first(where: { $0.path == resolved }) { return known.id }
      let id = SourceID(sources.count)
      sources.append(Source(id: id, path: resolved, info: Self.placeholder))
      sourcePaths[id] = path
      sourceNames[id] = name
      return id
    }

    mutating func track(_ value: Any, at path: String) -> Track? {
      guard
        let object = reader.object(value, at: path, allowed: ["id", "kind", "segments"], required: ["id", "kind"])
      else { return nil }
      let id = reader.integer(object["id"], at: "\(path).id", in: 0...1_000_000)
      var kind: MediaKind?
      if let text = reader.string(object["kind"], at: "\(path).kind") {
        kind = MediaKind(rawValue: text)
        if kind == nil {
          let hint = NearMiss.suggestion(text, among: ["video", "audio"])
          reader.fail("\(path).kind", "expected video or audio, got '\(text)'\(hint)")
        }
      }
      var segments: [TrackSegment] = []
      for (i, value) in (reader.array(object["segments"], at: "\(path).segments") ?? []).enumerated() {
        if let segment = segment(value, at: "\(path).segments[\(i)]") { segments.append(segment) }
      }
      guard let id, let kind else { return nil }
      return Track(id: TrackID(id), kind: kind, segments: segments)
    }

    mutating func segment(_ value: Any, at path: String) -> TrackSegment? {
      guard
        let object = reader.object(
          value, at: path, allowed: ["source", "sourceRange", "start", "speed", "reverse", "freeze"],
          required: (value as? [String: Any])?["freeze"] == nil
            ? ["source", "sourceRange", "start"] : ["source", "start"])
      else { return nil }
      if object["freeze"] != nil { return frozenSegment(object, at: path) }
      if object["source"] is [String: Any] {
        // A drawn source: {"text": ...} or {"subtitles": FILE}, with a style.
        guard let id = drawnSource(object["source"] as Any, at: "\(path).source"),
          let range = object["sourceRange"].flatMap({ reader.timeRange($0, at: "\(path).sourceRange") }),
          let start = reader.time(object["start"], at: "\(path).start")
        else { return nil }
        return TrackSegment(
          source: id, sourceRange: range, compositionRange: TimeRange(start: start, duration: range.duration))
      }
      let name = reader.string(object["source"], at: "\(path).source")
      let range = object["sourceRange"].flatMap { reader.timeRange($0, at: "\(path).sourceRange") }
      let start = reader.time(object["start"], at: "\(path).start")
      var speed: MediaTime?
      if object["speed"] != nil {
        speed = reader.time(object["speed"], at: "\(path).speed")
        if let s = speed, s <= .zero {
          reader.fail("\(path).speed", "must be above 0")
          speed = nil
        }
      }
      guard let name, let range, let start else { return nil }
      if name.isEmpty {
        reader.fail("\(path).source", "empty path")
        return nil
      }
      let id = source(named: name, at: "\(path).source")
      var duration = range.duration
      if let speed, speed != MediaTime(seconds: 1) {
        guard let scaled = range.duration.scaled(by: MediaTime(seconds: 1), over: speed) else { return nil }
        duration = scaled
      }
      let reversed = object["reverse"].flatMap { reader.bool($0, at: "\(path).reverse") } ?? false
      return TrackSegment(
        source: id, sourceRange: range, compositionRange: TimeRange(start: start, duration: duration),
        playback: reversed ? .reversed : .forward)
    }

    /// `{"source": FILE, "freeze": {"at": T, "duration": T}, "start": T}`: the picture at `at` held.
    mutating func frozenSegment(_ object: [String: Any], at path: String) -> TrackSegment? {
      for key in ["sourceRange", "speed", "reverse"] where object[key] != nil {
        reader.fail("\(path).\(key)", "a frozen segment holds one picture: give freeze alone")
      }
      let name = reader.string(object["source"], at: "\(path).source")
      let start = reader.time(object["start"], at: "\(path).start")
      guard
        let freeze = reader.object(
          object["freeze"], at: "\(path).freeze", allowed: ["at", "duration"], required: ["at", "duration"]),
        let at = reader.time(freeze["at"], at: "\(path).freeze.at"),
        let duration = reader.time(freeze["duration"], at: "\(path).freeze.duration"),
        let name, let start
      else { return nil }
      if name.isEmpty {
        reader.fail("\(path).source", "empty path")
        return nil
      }
      return TrackSegment.frozen(
        source: source(named: name, at: "\(path).source"), at: at,
        over: TimeRange(start: start, duration: duration))
    }
  }
}
