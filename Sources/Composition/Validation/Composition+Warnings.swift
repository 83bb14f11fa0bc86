extension Composition {
  /// What the user asked for that will have no effect, one sentence each naming the file: a layer placed wholly
  /// outside the frame, an opacity change that starts after the output ends, a track mixed at volume 0.
  public func noEffectWarnings() -> [String] {
    var warnings: [String] = []
    let end = outputDuration
    if let video {
      let frame = (width: Double(video.renderSize.width), height: Double(video.renderSize.height))
      var outside = Set<TrackID>()
      var late = Set<TrackID>()
      for instruction in video.instructions {
        for layer in instruction.layers {
          guard let track = track(layer.trackID), let name = sourceNames(track) else { continue }
          if !outside.contains(track.id), let size = displaySize(track),
            layer.transform.allValues.allSatisfy({ Self.isOutside($0, size, frame) })
          {
            outside.insert(track.id)
            warnings.append(
              "\(name): it is placed wholly outside the \(video.renderSize) frame, so it will not be seen")
          }
          if !late.contains(track.id), let change = layer.opacity.changes.first(where: { $0.start >= end }) {
            late.insert(track.id)
            warnings.append(
              "\(name): its opacity change at \(change.start.secondsText) starts after the output ends "
                + "(\(end.secondsText)), so it has no effect")
          }
        }
      }
      let drawn = Set(video.instructions.flatMap(\.layers).map(\.trackID))
      for track in tracks(of: .video) where !track.segments.isEmpty && !drawn.contains(track.id) {
        guard let name = sourceNames(track) else { continue }
        warnings.append("\(name): no instruction draws its track (\(track.id)), so it will not be seen")
      }
      if let gap = Self.firstGap(in: video.instructions.map(\.timeRange), over: TimeRange(start: .zero, end: duration))
      {
        warnings.append(
          "no instruction covers \(gap.start.secondsText) to \(gap.end.secondsText): the frame shows only the "
            + "background colour there")
      }
    }
    for parameters in audioMix.parameters where parameters.volume.allValues.allSatisfy({ $0 == 0 }) {
      guard let track = track(parameters.trackID), !track.segments.isEmpty, let name = sourceNames(track) else {
        continue
      }
      warnings.append("\(name): its volume is 0, so it will not be heard")
    }
    return warnings
  }

  /// The first part of `whole` that none of `ranges` covers.
  static func firstGap(in ranges: [TimeRange], over whole: TimeRange) -> TimeRange? {
    var covered = whole.start
    for range in ranges.sorted(by: { $0.start < $1.start }) {
      if range.start > covered { return TimeRange(start: covered, end: min(range.start, whole.end)) }
      covered = max(covered, range.end)
      if covered >= whole.end { return nil }
    }
    return covered < whole.end ? TimeRange(start: covered, end: whole.end) : nil
  }

  /// The files a track shows, named once each.
  private func sourceNames(_ track: Track) -> String? {
    var names: [String] = []
    for segment in track.segments {
      guard let path = source(segment.source)?.path, !names.contains(path) else { continue }
      names.append(path)
    }
    return names.isEmpty ? nil : names.joined(separator: ", ")
  }

  /// The upright display size of the first source a video track shows.
  private func displaySize(_ track: Track) -> PixelSize? {
    track.segments.first.flatMap { source($0.source)?.info.video?.displaySize }
  }

  /// Whether a picture of `size` placed by `transform` lies wholly outside a frame of `frame`'s size.
  private static func isOutside(
    _ transform: AffineTransform2D, _ size: PixelSize, _ frame: (width: Double, height: Double)
  ) -> Bool {
    let w = Double(size.width)
    let h = Double(size.height)
    let corners = [(0.0, 0.0), (w, 0), (0, h), (w, h)].map { transform.apply(x: $0.0, y: $0.1) }
    let xs = corners.map(\.x)
    let ys = corners.map(\.y)
    guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return false }
    return maxX <= 0 || maxY <= 0 || minX >= frame.width || minY >= frame.height
  }
}
