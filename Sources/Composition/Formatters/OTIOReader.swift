import Foundation

/// The pass of `OTIODecoder` over a timeline's JSON: its tracks' items laid out in time, then the model's tracks,
/// instructions and mix made from them; problems collected with their JSON paths.
struct OTIOReader {
  let base: String
  private(set) var problems: [SpecProblem] = []
  private var sources: [Source] = []
  private var sourcePaths: [SourceID: String] = [:]
  private var sourceNames: [SourceID: String] = [:]
  /// The rate of the first time read (the timeline's, as editors write every time at it).
  private var firstRate: (num: Int64, den: Int64)?

  init(base: String) { self.base = base }

  /// A clip laid out on its track: where it plays, what of its file, how, and on which of the track's two
  /// lanes (clips that a transition overlaps sit on different lanes).
  private struct Item {
    var path: String
    var name: String
    var source: SourceID
    var start: MediaTime
    var length: MediaTime
    /// File time of the first picture, and how much file time a second of the item plays (0: frozen).
    var fileStart: MediaTime
    var scalar: (num: Int64, den: Int64)
    /// The file time the media's available range starts at (its earliest usable time), and ends at, if known.
    var availableEnd: MediaTime?
    var lane = 0
    /// An incoming dissolve's range: the item fades in over it, above the outgoing one.
    var fadeIn: TimeRange?
  }

  private mutating func fail(_ path: String, _ message: String) {
    problems.append(SpecProblem(path: path, message: message))
  }

  private static func schema(_ object: [String: Any]) -> String {
    (object["OTIO_SCHEMA"] as? String).map { String($0.prefix { $0 != "." }) } ?? ""
  }

  mutating func timeline(_ json: Any) -> SpecDocument? {
    guard let top = json as? [String: Any], Self.schema(top) == "Timeline" else {
      fail("", "not an OpenTimelineIO timeline (its OTIO_SCHEMA is not Timeline)")
      return nil
    }
    guard let stack = top["tracks"] as? [String: Any], Self.schema(stack) == "Stack" else {
      fail("tracks", "expected a Stack of tracks")
      return nil
    }
    if stack["source_range"] != nil, !(stack["source_range"] is JSONParser.Null) {
      fail("tracks.source_range", "a stack's source_range is not supported")
    }
    let children = stack["children"] as? [Any] ?? []
    var laidOut: [(kind: MediaKind, items: [Item])] = []
    for (index, child) in children.enumerated() {
      let path = "tracks.children[\(index)]"
      guard let track = child as? [String: Any] else {
        fail(path, "expected an object")
        continue
      }
      switch Self.schema(track) {
      case "Track":
        let kind: MediaKind
        switch track["kind"] as? String {
        case "Video": kind = .video
        case "Audio": kind = .audio
        case let other:
          fail("\(path).kind", "expected Video or Audio, got '\(other ?? "nothing")'")
          continue
        }
        if track["enabled"] as? Bool == false { continue }
        laidOut.append((kind, items(of: track, at: path)))
      case "Stack": fail(path, "a stack inside the stack is not supported (flatten it with otiotool --flatten)")
      case let other: fail(path, "unsupported schema '\(other)' (expected Track)")
      }
    }
    return document(laidOut)
  }

  /// A track's clips laid out in track time, its transitions applied.
  private mutating func items(of track: [String: Any], at path: String) -> [Item] {
    if let range = track["source_range"], !(range is JSONParser.Null) {
      fail("\(path).source_range", "a track's source_range is not supported")
    }
    var items: [Item] = []
    var transitions: [(index: Int, path: String, object: [String: Any])] = []
    var cursor = MediaTime.zero
    for (j, value) in (track["children"] as? [Any] ?? []).enumerated() {
      let itemPath = "\(path).children[\(j)]"
      guard let item = value as? [String: Any] else {
        fail(itemPath, "expected an object")
        continue
      }
      switch Self.schema(item) {
      case "Gap":
        cursor = cursor + (range(item["source_range"], at: "\(itemPath).source_range")?.duration ?? .zero)
      case "Clip":
        guard let clip = clip(item, at: itemPath, start: cursor) else { continue }
        // A disabled clip is transparent but keeps its length.
        if item["enabled"] as? Bool != false { items.append(clip) }
        cursor = cursor + clip.length
      case "Transition":
        transitions.append((items.count, itemPath, item))
      case let other:
        fail(itemPath, "unsupported schema '\(other)' (expected Clip, Gap or Transition)")
      }
    }
    for (index, transitionPath, object) in transitions {
      guard index > 0, index < items.count, items[index - 1].start + items[index - 1].length == items[index].start
      else {
        fail(transitionPath, "a transition needs a clip right before and right after it")
        continue
      }
      guard object["transition_type"] as? String == "SMPTE_Dissolve" else {
        fail(
          "\(transitionPath).transition_type",
          "'\(object["transition_type"] as? String ?? "")' is not supported (SMPTE_Dissolve is)")
        continue
      }
      guard let before = time(object["in_offset"], at: "\(transitionPath).in_offset"),
        let after = time(object["out_offset"], at: "\(transitionPath).out_offset")
      else { continue }
      let cut = items[index].start
      // The incoming clip starts `before` earlier, from its handle; the outgoing one plays `after` longer.
      var incoming = items[index]
      let handle = Self.scaled(before, incoming.scalar)
      if incoming.fileStart - handle < .zero {
        fail(
          incoming.path,
          "clip '\(incoming.name)' has no handle of \(before.secondsText) before its source range for the "
            + "dissolve at \(transitionPath)")
        continue
      }
      var outgoing = items[index - 1]
      if let end = outgoing.availableEnd,
        outgoing.fileStart + Self.scaled(outgoing.length + after, outgoing.scalar) > end
      {
        fail(
          outgoing.path,
          "clip '\(outgoing.name)' has no handle of \(after.secondsText) after its source range for the dissolve "
            + "at \(transitionPath)")
        continue
      }
      incoming.fileStart = incoming.fileStart - handle
      incoming.start = cut - before
      incoming.length = incoming.length + before
      incoming.lane = 1 - outgoing.lane
      incoming.fadeIn = TimeRange(start: cut - before, end: cut + after)
      outgoing.length = outgoing.length + after
      items[index] = incoming
      items[index - 1] = outgoing
      // Lanes alternate from each transition on.
      for k in index + 1..<items.count where items[k].fadeIn == nil { items[k].lane = incoming.lane }
    }
    return items
  }

  /// `time` of a clip's file time played at `scalar`.
  private static func scaled(_ time: MediaTime, _ scalar: (num: Int64, den: Int64)) -> MediaTime {
    time.multiplied(by: scalar.num, dividedBy: scalar.den)
  }

  private mutating func clip(_ item: [String: Any], at path: String, start: MediaTime) -> Item? {
    let name = item["name"] as? String ?? ""
    let reference: [String: Any]?
    let referencePath: String
    if let references = item["media_references"] as? [String: Any] {
      let key = item["active_media_reference_key"] as? String ?? "DEFAULT_MEDIA"
      reference = references[key] as? [String: Any]
      referencePath = "\(path).media_references.\(key)"
    } else {
      reference = item["media_reference"] as? [String: Any]
      referencePath = "\(path).media_reference"
    }
    guard let reference else {
      fail(path, "clip '\(name)' has no media reference")
      return nil
    }
    switch Self.schema(reference) {
    case "ExternalReference": break
    case "MissingReference":
      fail(referencePath, "clip '\(name)' has no media (a MissingReference)")
      return nil
    case let other:
      fail(referencePath, "clip '\(name)': unsupported media reference '\(other)' (ExternalReference is)")
      return nil
    }
    guard let url = reference["target_url"] as? String, !url.isEmpty else {
      fail("\(referencePath).target_url", "clip '\(name)' names no file")
      return nil
    }
    let available = (reference["available_range"]).flatMap {
      $0 is JSONParser.Null ? nil : range($0, at: "\(referencePath).available_range")
    }
    let sourceRange = (item["source_range"]).flatMap {
      $0 is JSONParser.Null ? nil : range($0, at: "\(path).source_range")
    }
    guard let played = sourceRange ?? available else {
      fail(path, "clip '\(name)' has neither a source_range nor an available_range")
      return nil
    }
    var scalar: (num: Int64, den: Int64) = (1, 1)
    for (e, value) in (item["effects"] as? [Any] ?? []).enumerated() {
      let effectPath = "\(path).effects[\(e)]"
      guard let effect = value as? [String: Any] else { continue }
      if effect["enabled"] as? Bool == false { continue }
      switch Self.schema(effect) {
      case "LinearTimeWarp":
        guard let number = (effect["time_scalar"] as? JSONNumber)?.double, number >= 0,
          let fraction = OTIOTime.fraction(number)
        else {
          fail("\(effectPath).time_scalar", "a negative or missing time_scalar is not supported (0 or more is)")
          continue
        }
        scalar = (scalar.num * fraction.num, scalar.den * fraction.den)
      case "FreezeFrame": scalar = (0, 1)
      case let other: fail(effectPath, "clip '\(name)': effect '\(other)' is not supported")
      }
    }
    let origin = available?.start ?? .zero
    let id = source(url, at: "\(referencePath).target_url")
    return Item(
      path: path, name: name, source: id, start: start, length: played.duration, fileStart: played.start - origin,
      scalar: scalar, availableEnd: available.map { $0.end - origin })
  }

  /// The source of `url` (a path, relative to the timeline's folder, or a `file://` URL), one per file.
  private mutating func source(_ url: String, at path: String) -> SourceID {
    var file = url
    if url.hasPrefix("file://"), let parsed = URL(string: url), parsed.isFileURL {
      file = parsed.path
    } else if url.contains("://") {
      fail(path, "'\(url)' is not a local file")
    }
    if !file.hasPrefix("/") { file = URL(fileURLWithPath: base).appendingPathComponent(file).standardized.path }
    if let known = sources.first(where: { $0.path == file }) { return known.id }
    let id = SourceID(sources.count)
    sources.append(Source(id: id, path: file, info: SpecDecoder.Context.placeholder))
    sourcePaths[id] = path
    sourceNames[id] = url
    return id
  }

  private mutating func time(_ value: Any?, at path: String) -> MediaTime? {
    guard let object = value as? [String: Any], Self.schema(object) == "RationalTime",
      let frames = (object["value"] as? JSONNumber)?.double, let rate = (object["rate"] as? JSONNumber)?.double,
      let time = OTIOTime.time(value: frames, rate: rate)
    else {
      fail(path, "expected a RationalTime (value and rate)")
      return nil
    }
    if firstRate == nil, rate > 0 { firstRate = OTIOTime.rate(rate) }
    return time
  }

  private mutating func range(_ value: Any?, at path: String) -> TimeRange? {
    guard let object = value as? [String: Any], Self.schema(object) == "TimeRange" else {
      fail(path, "expected a TimeRange")
      return nil
    }
    guard let start = time(object["start_time"], at: "\(path).start_time"),
      let duration = time(object["duration"], at: "\(path).duration")
    else { return nil }
    guard duration >= .zero else {
      fail("\(path).duration", "a duration below 0")
      return nil
    }
    return TimeRange(start: start, duration: duration)
  }

  /// The model of the laid-out tracks: two model tracks a timeline track (its lanes), one instruction for each
  /// stretch between two item edges with a layer for each clip then, the last timeline track on top.
  private func document(_ laidOut: [(kind: MediaKind, items: [Item])]) -> SpecDocument {
    var tracks: [Track] = []
    var lanes: [(kind: MediaKind, ids: [TrackID])] = []
    var mix = AudioMix()
    for (kind, items) in laidOut {
      var ids: [TrackID] = []
      for lane in 0..<2 {
        let id = TrackID(tracks.count + 1)
        let segments = items.filter { $0.lane == lane }.map(Self.segment)
        tracks.append(Track(id: id, kind: kind, segments: segments))
        ids.append(id)
        if kind == .audio {
          var volume = Keyframed(1.0)
          for item in items where item.lane == lane {
            if let fade = item.fadeIn { volume.ramp(from: 0, to: 1, over: fade) }
            if let next = items.first(where: { $0.fadeIn != nil && $0.lane != lane && $0.start > item.start }),
              let fade = next.fadeIn, fade.start < item.start + item.length
            {
              volume.ramp(from: 1, to: 0, over: fade)
            }
          }
          if !volume.isConstant { mix.parameters.append(AudioMixParameters(trackID: id, volume: volume)) }
        }
      }
      lanes.append((kind, ids))
    }
    let videoLanes = zip(laidOut, lanes).filter { $0.0.kind == .video }
    var edges: Set<MediaTime> = [.zero]
    for (track, _) in videoLanes {
      for item in track.items { edges.formUnion([item.start, item.start + item.length]) }
    }
    let total = tracks.map(\.end).max() ?? .zero
    let cuts = edges.filter { $0 < total }.sorted() + [total]
    var instructions: [VideoCompositionInstruction] = []
    for (start, end) in zip(cuts, cuts.dropFirst()) where start < end {
      var layers: [LayerInstruction] = []
      for (track, ids) in videoLanes.reversed() {
        let showing = track.items.filter { $0.start <= start && start < $0.start + $0.length }
          .sorted { $0.start > $1.start }
        for item in showing {
          var opacity = Keyframed(1.0)
          if let fade = item.fadeIn { opacity.ramp(from: 0, to: 1, over: fade) }
          layers.append(LayerInstruction(trackID: ids.ids[item.lane], opacity: opacity))
        }
      }
      instructions.append(VideoCompositionInstruction(timeRange: TimeRange(start: start, end: end), layers: layers))
    }
    let rate = firstRate ?? (30, 1)
    let frameDuration = MediaTime(value: rate.den, timescale: Int32(clamping: rate.num)) ?? MediaTime.ticks(1, rate: 30)
    let video =
      videoLanes.isEmpty
      ? nil
      : VideoComposition(
        renderSize: PixelSize(width: 2, height: 2), frameDuration: frameDuration, instructions: instructions)
    var document = SpecDocument(
      composition: Composition(sources: sources, tracks: tracks, video: video, audioMix: mix),
      sourcePaths: sourcePaths, sourceNames: sourceNames, outputPath: nil, outputContainer: nil, problems: [])
    document.fitsClipsToFrame = true
    return document
  }

  private static func segment(_ item: Item) -> TrackSegment {
    let range = TimeRange(start: item.start, duration: item.length)
    if item.scalar.num == 0 { return .frozen(source: item.source, at: item.fileStart, over: range) }
    return TrackSegment(
      source: item.source,
      sourceRange: TimeRange(start: item.fileStart, duration: scaled(item.length, item.scalar)),
      compositionRange: range)
  }
}
