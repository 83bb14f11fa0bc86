import Foundation

/// Writes a composition as a spec (`--print-spec`): the JSON that `compose` reads back into the same composition.
public enum SpecEncoder {
  /// Pretty-printed JSON with sorted keys. Source and colour table paths are written absolute, so the spec works
  /// from any folder.
  public static func encode(_ composition: Composition, outputPath: String? = nil, workingDirectory: String) -> Data {
    let values: [SourceID: Any] = Dictionary(
      uniqueKeysWithValues: composition.sources.map { ($0.id, sourceValue($0, workingDirectory)) })
    var root: [String: Any] = [
      "tracks": composition.tracks.map { track in
        [
          "id": track.id.rawValue, "kind": track.kind.rawValue,
          "segments": track.segments.map { segment(values[$0.source] ?? "", $0) },
        ] as [String: Any]
      },
      "output": output(composition.export),
    ]
    if let outputPath {
      var out = output(composition.export)
      out["path"] = absolute(outputPath, workingDirectory)
      root["output"] = out
    }
    if let video = composition.video { root["video"] = self.video(video, workingDirectory) }
    if !composition.audioMix.parameters.isEmpty {
      root["audio"] = [
        "tracks": composition.audioMix.parameters.map { parameters -> [String: Any] in
          var entry: [String: Any] = [
            "track": parameters.trackID.rawValue, "volume": keyframed(parameters.volume, number),
          ]
          if let ducking = parameters.ducking {
            entry["duck"] = [
              "depth": ducking.depth, "attack": time(ducking.attack), "release": time(ducking.release),
            ]
          }
          return entry
        }
      ]
    }
    return Data(JSONText.render(root).utf8)
  }

  static func absolute(_ path: String, _ directory: String) -> String {
    path.hasPrefix("/") || path == "-"
      ? path : URL(fileURLWithPath: directory).appendingPathComponent(path).standardized.path
  }

  /// A file's absolute path, or a drawn source's object (`{"text": ..., "style": ...}`).
  static func sourceValue(_ source: Source, _ directory: String) -> Any {
    switch source.drawing {
    case nil: return absolute(source.path, directory)
    case .text(let text, let style): return ["text": text, "style": self.style(style)]
    case .subtitles(let style): return ["subtitles": absolute(source.path, directory), "style": self.style(style)]
    case .color(let color): return ["color": color.description]
    }
  }

  static func style(_ style: TextStyle) -> [String: Any] {
    var object: [String: Any] = [
      "font": style.font, "bold": style.bold, "italic": style.italic, "color": style.color.description,
      "outlineColor": style.outlineColor.description, "shadow": style.shadow,
      "shadowColor": style.shadowColor.description, "position": style.position.rawValue,
      "wrapWidth": style.wrapWidth,
    ]
    switch style.size {
    case .pixels(let p): object["size"] = p
    case .fractionOfHeight: object["size"] = style.size.description
    }
    if let outline = style.outline { object["outline"] = outline }
    if let box = style.box { object["box"] = box.description }
    if let padding = style.boxPadding { object["boxPadding"] = padding }
    if let margin = style.margin { object["margin"] = margin }
    return object
  }

  static func segment(_ source: Any, _ segment: TrackSegment) -> [String: Any] {
    var object: [String: Any] = ["source": source, "start": time(segment.compositionRange.start)]
    if segment.playback == .frozen {
      object["freeze"] = ["at": time(segment.sourceRange.start), "duration": time(segment.compositionRange.duration)]
      return object
    }
    object["sourceRange"] = range(segment.sourceRange)
    if segment.playback == .reversed { object["reverse"] = true }
    if segment.sourceRange.duration != segment.compositionRange.duration,
      let speed = segment.sourceRange.duration.scaled(
        by: MediaTime(seconds: 1), over: segment.compositionRange.duration)
    {
      object["speed"] = time(speed)
    }
    return object
  }

  static func video(_ video: VideoComposition, _ workingDirectory: String) -> [String: Any] {
    var object = body(video, workingDirectory)
    if video.frameTiming != .constant { object["frameTiming"] = video.frameTiming.rawValue }
    return object
  }

  private static func body(_ video: VideoComposition, _ workingDirectory: String) -> [String: Any] {
    [
      "renderSize": ["width": video.renderSize.width, "height": video.renderSize.height],
      "frameDuration": time(video.frameDuration),
      "background": video.backgroundColor.description,
      "instructions": video.instructions.map { instruction in
        var object: [String: Any] = [
          "timeRange": range(instruction.timeRange),
          "layers": instruction.layers.map { layer in
            var l: [String: Any] = [
              "track": layer.trackID.rawValue, "transform": keyframed(layer.transform, transform),
              "opacity": keyframed(layer.opacity, number),
            ]
            if let crop = layer.crop {
              l["crop"] = rect(crop)
            }
            if let mask = layer.mask {
              var m: [String: Any] = ["shape": mask.shape.rawValue, "rect": keyframed(mask.rect, rect)]
              if mask.feather > 0 { m["feather"] = mask.feather }
              l["mask"] = m
            }
            if let backdrop = layer.backdrop { l["backdrop"] = ["blur": backdrop.blur, "dim": backdrop.dim] }
            if let frame = layer.frame {
              l["frame"] = ["fill": frame.fill.description, "transform": keyframed(frame.transform, transform)]
            }
            if !layer.effects.isEmpty {
              l["effects"] = layer.effects.map { effect in
                var e: [String: Any] = ["name": effect.kind.rawValue, "amount": keyframed(effect.amount, number)]
                e["file"] = effect.file.map { absolute($0, workingDirectory) }
                return e
              }
            }
            return l
          },
        ]
        if let background = instruction.backgroundColor { object["background"] = background.description }
        return object
      },
    ]
  }

  static func output(_ export: ExportSettings) -> [String: Any] {
    var object: [String: Any] = [
      "container": export.container.rawValue, "quality": export.quality.rawValue,
      "faststart": export.optimizeForNetworkUse, "sampleRate": export.audioSampleRate,
      "channels": export.audioChannels,
    ]
    object["videoCodec"] = export.videoCodec?.rawValue
    object["audioCodec"] = export.audioCodec?.rawValue
    object["crf"] = export.crf
    object["preset"] = export.preset
    object["videoBitrate"] = export.videoBitRate
    object["audioBitrate"] = export.audioBitRate
    if !export.metadata.isEmpty { object["metadata"] = export.metadata }
    if export.audioTimePitch != .keep { object["pitch"] = export.audioTimePitch.rawValue }
    if export.dynamicRange != .keep { object["hdr"] = export.dynamicRange.rawValue }
    if let loudness = export.loudness {
      object["loudness"] = ["integrated": loudness.integrated, "truePeak": loudness.truePeak]
    }
    return object
  }

  static func keyframed<V>(_ value: Keyframed<V>, _ encode: (V) -> Any) -> Any {
    if value.changes.isEmpty { return encode(value.initial) }
    var sets: [[String: Any]] = []
    var ramps: [[String: Any]] = []
    for change in value.changes {
      switch change {
      case .set(let v, let at):
        sets.append(["at": time(at), "value": encode(v)])
      case .ramp(let ramp):
        var r: [String: Any] = ["from": encode(ramp.from), "to": encode(ramp.to), "timeRange": range(ramp.timeRange)]
        if ramp.curve != .linear { r["curve"] = ramp.curve.rawValue }
        ramps.append(r)
      }
    }
    var object: [String: Any] = ["value": encode(value.initial)]
    if !sets.isEmpty { object["set"] = sets }
    if !ramps.isEmpty { object["ramps"] = ramps }
    return object
  }

  static func number(_ value: Double) -> Any { value }

  static func rect(_ r: Rect) -> Any { ["x": r.x, "y": r.y, "width": r.width, "height": r.height] }

  static func transform(_ t: AffineTransform2D) -> Any { [t.a, t.b, t.c, t.d, t.tx, t.ty] }

  static func range(_ range: TimeRange) -> [String: Any] {
    ["start": time(range.start), "duration": time(range.duration)]
  }

  /// A time as text that parses back exactly: a decimal where one is exact, else a rational.
  static func time(_ t: MediaTime) -> String {
    var scale: Int64 = 1
    for digits in 0...9 {
      if scale % Int64(t.timescale) == 0 {
        let units = t.value * (scale / Int64(t.timescale))
        let whole = units / scale
        let fraction = abs(units % scale)
        guard digits > 0, fraction != 0 else { return String(whole) }
        var text = String(fraction)
        text = String(repeating: "0", count: digits - text.count) + text
        while text.hasSuffix("0") { text.removeLast() }
        return (t.value < 0 && whole == 0 ? "-" : "") + "\(whole).\(text)"
      }
      scale *= 10
    }
    return t.description
  }
}
