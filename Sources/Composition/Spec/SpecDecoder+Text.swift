extension SpecDecoder.Context {
  /// A segment's drawn source: `{"text": "...", "style": {...}}`, `{"subtitles": "talk.srt", "style": {...}}` or
  /// `{"color": "navy"}` (a card filling the frame).
  mutating func drawnSource(_ value: Any, at path: String) -> SourceID? {
    guard let object = reader.object(value, at: path, allowed: ["text", "subtitles", "style", "color"]) else {
      return nil
    }
    if let color = object["color"] {
      guard object.count == 1, let card = reader.value(color, at: "\(path).color", ValueSyntax.color) else {
        if object.count != 1 { reader.fail(path, "a colour card takes only color") }
        return nil
      }
      let id = SourceID(sources.count)
      sources.append(Source(id: id, path: "", info: Self.placeholder, drawing: .color(card)))
      sourcePaths[id] = path
      sourceNames[id] = "color:\(card)"
      return id
    }
    let style = object["style"].map { textStyle($0, at: "\(path).style") } ?? TextStyle()
    let drawing: Drawing
    var file = ""
    switch (object["text"], object["subtitles"]) {
    case (let text?, nil):
      guard let text = reader.string(text, at: "\(path).text") else { return nil }
      drawing = .text(text, style)
    case (nil, let subtitles?):
      guard let name = reader.string(subtitles, at: "\(path).subtitles"), !name.isEmpty else { return nil }
      file = resolve(name)
      drawing = .subtitles(style)
    default:
      reader.fail(path, "expected one of text, subtitles or color")
      return nil
    }
    let id = SourceID(sources.count)
    sources.append(Source(id: id, path: file, info: Self.placeholder, drawing: drawing))
    sourcePaths[id] = path
    sourceNames[id] = file
    return id
  }

  /// A text style; every key optional (docs/spec.md lists the defaults).
  mutating func textStyle(_ value: Any, at path: String) -> TextStyle {
    var style = TextStyle()
    guard
      let object = reader.object(
        value, at: path,
        allowed: [
          "font", "size", "bold", "italic", "color", "outline", "outlineColor", "shadow", "shadowColor", "box",
          "boxPadding", "position", "margin", "wrapWidth",
        ])
    else { return style }
    if let font = reader.string(object["font"], at: "\(path).font") { style.font = font }
    if let size = object["size"] {
      if size is JSONNumber, let pixels = reader.number(size, at: "\(path).size", in: 1...2000) {
        style.size = .pixels(pixels)
      } else if let parsed = reader.value(size, at: "\(path).size", ValueSyntax.textSize) {
        style.size = parsed
      }
    }
    if let bold = reader.bool(object["bold"], at: "\(path).bold") { style.bold = bold }
    if let italic = reader.bool(object["italic"], at: "\(path).italic") { style.italic = italic }
    if let color = reader.value(object["color"], at: "\(path).color", ValueSyntax.textColor) { style.color = color }
    style.outline = reader.number(object["outline"], at: "\(path).outline", in: 0...100)
    if let color = reader.value(object["outlineColor"], at: "\(path).outlineColor", ValueSyntax.textColor) {
      style.outlineColor = color
    }
    if let shadow = reader.number(object["shadow"], at: "\(path).shadow", in: 0...100) { style.shadow = shadow }
    if let color = reader.value(object["shadowColor"], at: "\(path).shadowColor", ValueSyntax.textColor) {
      style.shadowColor = color
    }
    style.box = reader.value(object["box"], at: "\(path).box", ValueSyntax.textColor)
    style.boxPadding = reader.number(object["boxPadding"], at: "\(path).boxPadding", in: 0...500)
    if let position = reader.value(object["position"], at: "\(path).position", ValueSyntax.textPosition) {
      style.position = position
    }
    style.margin = reader.number(object["margin"], at: "\(path).margin", in: 0...10_000)
    if let wrap = reader.number(object["wrapWidth"], at: "\(path).wrapWidth", in: 0.05...1) { style.wrapWidth = wrap }
    return style
  }
}
