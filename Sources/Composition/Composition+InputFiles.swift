extension Composition {
  /// Every file a render of the composition reads: its sources (clips, pictures, subtitles) and the colour
  /// tables of its effects. Writing over any of them is refused.
  public var inputFiles: [String] {
    let tables = (video?.instructions ?? []).flatMap(\.layers).flatMap(\.effects).compactMap(\.file)
    return sources.map(\.path) + tables
  }
}
