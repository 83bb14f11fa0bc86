extension Composition {
  /// The frame made the size of the first video clip shown (upright, even sides), and each layer's clip fitted
  /// into it whole and centred, instruction by instruction (each instruction shows one segment a track).
  mutating func fitClipsToFrame() {
    guard var video else { return }
    let segments = tracks(of: .video).flatMap(\.segments).sorted {
      $0.compositionRange.start < $1.compositionRange.start
    }
    let sources = self.sources
    guard
      let size = segments.compactMap({ segment in sources.first { $0.id == segment.source }?.info.video?.displaySize })
        .first
    else { return }
    video.renderSize = OverlayRecipe.evenSize(size)
    for i in video.instructions.indices {
      let time = video.instructions[i].timeRange.start
      for j in video.instructions[i].layers.indices {
        let layer = video.instructions[i].layers[j]
        guard let segment = track(layer.trackID)?.segment(at: time),
          let display = source(segment.source)?.info.video?.displaySize
        else { continue }
        video.instructions[i].layers[j].transform = Keyframed(
          FitMode.contain.transform(from: display, to: video.renderSize))
      }
    }
    self.video = video
  }
}
