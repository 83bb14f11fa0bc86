import Foundation

extension SpecDecoder.Context {
  mutating func videoComposition(_ value: Any, at path: String) -> VideoComposition? {
    guard
      let object = reader.object(
        value, at: path,
        allowed: ["renderSize", "frameDuration", "frameRate", "frameTiming", "background", "instructions"],
        required: ["renderSize"])
    else { return nil }
    let size = renderSize(object["renderSize"], at: "\(path).renderSize")
    var frameDuration: MediaTime?
    switch (object["frameDuration"], object["frameRate"]) {
    case (let d?, nil):
      frameDuration = reader.time(d, at: "\(path).frameDuration")
    case (nil, let r?):
      frameDuration = reader.value(r, at: "\(path).frameRate", ValueSyntax.frameRate)
    case (nil, nil):
      reader.fail(path, "needs frameDuration or frameRate")
    default:
      reader.fail(path, "give frameDuration or frameRate, not both")
    }
    let background = color(object["background"], at: "\(path).background") ?? .black
    var instructions: [VideoCompositionInstruction] = []
    for (i, value) in (reader.array(object["instructions"], at: "\(path).instructions") ?? []).enumerated() {
      if let instruction = instruction(value, at: "\(path).instructions[\(i)]") { instructions.append(instruction) }
    }
    let timing =
      object["frameTiming"] == nil
      ? .constant : choice(object["frameTiming"], at: "\(path).frameTiming", FrameTiming.self)
    guard let size, let frameDuration, let timing else { return nil }
    var video = VideoComposition(
      renderSize: size, frameDuration: frameDuration, backgroundColor: background, instructions: instructions)
    video.frameTiming = timing
    return video
  }

  mutating func renderSize(_ value: Any?, at path: String) -> PixelSize? {
    if value is String { return reader.value(value, at: path, ValueSyntax.renderSize) }
    guard let object = reader.object(value, at: path, allowed: ["width", "height"], required: ["width", "height"])
    else { return nil }
    let w = reader.integer(object["width"], at: "\(path).width", in: 1...Composition.maximumRenderSide)
    let h = reader.integer(object["height"], at: "\(path).height", in: 1...Composition.maximumRenderSide)
    guard let w, let h else { return nil }
    return PixelSize(width: w, height: h)
  }

  mutating func color(_ value: Any?, at path: String) -> Color? {
    reader.value(value, at: path, ValueSyntax.color)
  }

  mutating func instruction(_ value: Any, at path: String) -> VideoCompositionInstruction? {
    guard
      let object = reader.object(
        value, at: path, allowed: ["timeRange", "layers", "background"], required: ["timeRange", "layers"])
    else { return nil }
    let range = object["timeRange"].flatMap { reader.timeRange($0, at: "\(path).timeRange") }
    let background = object["background"].flatMap { color($0, at: "\(path).background") }
    var layers: [LayerInstruction] = []
    for (i, value) in (reader.array(object["layers"], at: "\(path).layers") ?? []).enumerated() {
      if let layer = layer(value, at: "\(path).layers[\(i)]") { layers.append(layer) }
    }
    guard let range else { return nil }
    return VideoCompositionInstruction(timeRange: range, layers: layers, backgroundColor: background)
  }

  mutating func layer(_ value: Any, at path: String) -> LayerInstruction? {
    guard
      let object = reader.object(
        value, at: path, allowed: ["track", "transform", "opacity", "crop", "mask", "effects", "backdrop", "frame"],
        required: ["track"])
    else { return nil }
    let track = reader.integer(object["track"], at: "\(path).track", in: 0...1_000_000)
    let transform =
      object["transform"].map { keyframed($0, at: "\(path).transform") { $0.transform($1, at: $2) } }
      ?? Keyframed(.identity)
    let opacity =
      object["opacity"].map { keyframed($0, at: "\(path).opacity") { $0.reader.number($1, at: $2) } } ?? Keyframed(1)
    let crop = object["crop"].flatMap { rect($0, at: "\(path).crop") }
    let mask = object["mask"].flatMap { self.mask($0, at: "\(path).mask") }
    var effects: [Effect] = []
    for (i, value) in (object["effects"].flatMap { reader.array($0, at: "\(path).effects") } ?? []).enumerated() {
      if let effect = effect(value, at: "\(path).effects[\(i)]") { effects.append(effect) }
    }
    let backdrop = object["backdrop"].flatMap { self.backdrop($0, at: "\(path).backdrop") }
    let frame = object["frame"].flatMap { self.frame($0, at: "\(path).frame") }
    guard let track, let transform, let opacity else { return nil }
    return LayerInstruction(
      trackID: TrackID(track), transform: transform, opacity: opacity, crop: crop, mask: mask, effects: effects,
      backdrop: backdrop, frame: frame)
  }

  /// `{"fill": COLOR, "transform": ANIMATED}`: the layer drawn as a whole frame (bars in `fill`), moved as one.
  mutating func frame(_ value: Any, at path: String) -> LayerFrame? {
    guard let object = reader.object(value, at: path, allowed: ["fill", "transform"], required: ["fill"]) else {
      return nil
    }
    let fill = object["fill"].flatMap { color($0, at: "\(path).fill") }
    let transform =
      object["transform"].map { keyframed($0, at: "\(path).transform") { $0.transform($1, at: $2) } }
      ?? Keyframed(.identity)
    guard let fill, let transform else { return nil }
    return LayerFrame(fill: fill, transform: transform)
  }

  /// `"blur"` (the defaults) or `{"blur": PIXELS, "dim": SHARE}`: the layer's picture blurred behind it.
  mutating func backdrop(_ value: Any, at path: String) -> Backdrop? {
    if let text = value as? String {
      guard text == "blur" else {
        reader.fail(path, "expected \"blur\" or {\"blur\": PIXELS, \"dim\": SHARE}, got '\(text)'")
        return nil
      }
      return Backdrop()
    }
    guard let object = reader.object(value, at: path, allowed: ["blur", "dim"]) else { return nil }
    var backdrop = Backdrop()
    if let blur = reader.number(object["blur"], at: "\(path).blur", in: 0...100) { backdrop.blur = blur }
    if let dim = reader.number(object["dim"], at: "\(path).dim", in: 0...1) { backdrop.dim = dim }
    return backdrop
  }

  /// `{"shape": "rectangle" | "ellipse", "rect": RECT (keyframed, render pixels), "feather": PIXELS}`.
  mutating func mask(_ value: Any, at path: String) -> LayerMask? {
    guard let object = reader.object(value, at: path, allowed: ["shape", "rect", "feather"], required: ["rect"])
    else { return nil }
    var shape = LayerMask.Shape.rectangle
    if let text = reader.string(object["shape"], at: "\(path).shape") {
      if let known = LayerMask.Shape(rawValue: text) {
        shape = known
      } else {
        reader.fail("\(path).shape", "expected rectangle or ellipse, got '\(text)'")
      }
    }
    let rect = object["rect"].flatMap { keyframed($0, at: "\(path).rect") { $0.maskRect($1, at: $2) } }
    let feather =
      object["feather"] == nil
      ? 0 : reader.number(object["feather"], at: "\(path).feather", in: 0...LayerMask.maximumFeather)
    guard let rect, let feather else { return nil }
    return LayerMask(shape: shape, rect: rect, feather: feather)
  }

  /// A mask's rectangle: like a crop's, but it may lie partly outside the frame and be empty.
  mutating func maskRect(_ value: Any, at path: String) -> Rect? {
    rect(value, at: path, outside: true)
  }

  /// `{"name": KIND, "amount": NUMBER (keyframed, in the kind's range), "file": ".cube file" (lut only)}`.
  mutating func effect(_ value: Any, at path: String) -> Effect? {
    guard let object = reader.object(value, at: path, allowed: ["name", "amount", "file"], required: ["name"]),
      let name = reader.string(object["name"], at: "\(path).name")
    else { return nil }
    guard let kind = Effect.Kind(rawValue: name) else {
      let hint = NearMiss.suggestion(name, among: Effect.Kind.allCases.map(\.rawValue))
      reader.fail("\(path).name", "expected \(Effect.Kind.names), got '\(name)'\(hint)")
      return nil
    }
    var file: String?
    if kind == .lut {
      guard let text = reader.string(object["file"], at: "\(path).file") else {
        if object["file"] == nil { reader.fail(path, "a lut needs its .cube file") }
        return nil
      }
      file = resolve(text)
    } else if object["file"] != nil {
      reader.fail("\(path).file", "only a lut takes a file")
    }
    let range = kind.range
    let amount =
      object["amount"].map { keyframed($0, at: "\(path).amount") { $0.reader.number($1, at: $2, in: range) } }
      ?? Keyframed(kind.defaultAmount)
    guard let amount else { return nil }
    return Effect(kind, amount: amount, file: file)
  }

  /// `{"x", "y", "width", "height"}`: inside the picture and at least a pixel (a crop), or with `outside` anywhere
  /// and possibly empty (a mask).
  mutating func rect(_ value: Any, at path: String, outside: Bool = false) -> Rect? {
    guard
      let object = reader.object(
        value, at: path, allowed: ["x", "y", "width", "height"], required: ["x", "y", "width", "height"])
    else { return nil }
    let limit = Double(Composition.maximumRenderSide * 4)
    let origin = outside ? -limit...limit : 0...limit
    let side = outside ? 0...limit : 1...limit
    let x = reader.number(object["x"], at: "\(path).x", in: origin)
    let y = reader.number(object["y"], at: "\(path).y", in: origin)
    let w = reader.number(object["width"], at: "\(path).width", in: side)
    let h = reader.number(object["height"], at: "\(path).height", in: side)
    guard let x, let y, let w, let h else { return nil }
    return Rect(x: x, y: y, width: w, height: h)
  }

  /// `[a, b, c, d, tx, ty]`, or `{"scale": S | [SX, SY], "rotate": DEGREES, "translate": [X, Y]}` applied in
  /// that order.
  mutating func transform(_ value: Any, at path: String) -> AffineTransform2D? {
    if let array = value as? [Any] {
      let numbers = array.enumerated().compactMap { reader.number($0.element, at: "\(path)[\($0.offset)]") }
      guard array.count == 6, numbers.count == 6 else {
        if array.count != 6 { reader.fail(path, "expected 6 numbers [a, b, c, d, tx, ty], got \(array.count)") }
        return nil
      }
      return AffineTransform2D(
        a: numbers[0], b: numbers[1], c: numbers[2], d: numbers[3], tx: numbers[4], ty: numbers[5])
    }
    guard let object = reader.object(value, at: path, allowed: ["scale", "rotate", "translate"]) else { return nil }
    var t = AffineTransform2D.identity
    if let scale = object["scale"] {
      if let pair = pair(scale, at: "\(path).scale") {
        t = t.concatenating(.scale(x: pair.0, y: pair.1))
      }
    }
    if let rotate = reader.number(object["rotate"], at: "\(path).rotate", in: -36000...36000) {
      t = t.concatenating(.rotation(degrees: rotate))
    }
    if let translate = object["translate"], let pair = pair(translate, at: "\(path).translate") {
      t = t.concatenating(.translation(x: pair.0, y: pair.1))
    }
    return t
  }

  /// A number (used for both) or `[X, Y]`.
  mutating func pair(_ value: Any, at path: String) -> (Double, Double)? {
    if let array = value as? [Any] {
      guard array.count == 2 else {
        reader.fail(path, "expected [x, y]")
        return nil
      }
      guard let x = reader.number(array[0], at: "\(path)[0]"), let y = reader.number(array[1], at: "\(path)[1]") else {
        return nil
      }
      return (x, y)
    }
    guard let v = reader.number(value, at: path) else { return nil }
    return (v, v)
  }

  /// A value, or `{"value": V, "set": [{"at": T, "value": V}], "ramps": [{"from": V, "to": V, "timeRange": R,
  /// "curve": "linear" | "equalPower" | "easeIn" | "easeOut" | "easeInOut"}]}`.
  mutating func keyframed<V: Interpolatable>(
    _ value: Any, at path: String, _ read: (inout Self, Any, String) -> V?
  ) -> Keyframed<V>? {
    let isKeyframes: Bool
    if let object = value as? [String: Any] {
      isKeyframes = object["value"] != nil || object["set"] != nil || object["ramps"] != nil
    } else {
      isKeyframes = false
    }
    guard isKeyframes else { return read(&self, value, path).map { Keyframed($0) } }
    guard let object = reader.object(value, at: path, allowed: ["value", "set", "ramps"], required: ["value"]),
      let initialValue = object["value"]
    else { return nil }
    guard let initial = read(&self, initialValue, "\(path).value") else { return nil }
    var result = Keyframed(initial)
    for (i, item) in (reader.array(object["set"], at: "\(path).set") ?? []).enumerated() {
      let p = "\(path).set[\(i)]"
      guard let set = reader.object(item, at: p, allowed: ["at", "value"], required: ["at", "value"]),
        let at = reader.time(set["at"], at: "\(p).at"), let v = set["value"].flatMap({ read(&self, $0, "\(p).value") })
      else { continue }
      result.set(v, at: at)
    }
    for (i, item) in (reader.array(object["ramps"], at: "\(path).ramps") ?? []).enumerated() {
      let p = "\(path).ramps[\(i)]"
      guard
        let ramp = reader.object(
          item, at: p, allowed: ["from", "to", "timeRange", "curve"], required: ["from", "to", "timeRange"])
      else { continue }
      let from = ramp["from"].flatMap { read(&self, $0, "\(p).from") }
      let to = ramp["to"].flatMap { read(&self, $0, "\(p).to") }
      let range = ramp["timeRange"].flatMap { reader.timeRange($0, at: "\(p).timeRange") }
      var curve = Ramp<V>.Curve.linear
      if let text = reader.string(ramp["curve"], at: "\(p).curve") {
        if let c = Ramp<V>.Curve(rawValue: text) {
          curve = c
        } else {
          reader.fail("\(p).curve", "expected \(Ramp<V>.Curve.names), got '\(text)'")
        }
      }
      guard let from, let to, let range else { continue }
      result.ramp(from: from, to: to, over: range, curve: curve)
    }
    return result
  }
}
