/// A concat's transitions: the layer instructions of every joint (opacity, movement, masks) and the volume
/// changes of the two clip lanes.
extension ConcatRecipe {
  /// The video instructions, in order: each clip's layer alone over its time, and over each joint both clips'
  /// layers with the transition's ramps (clips alternate between the two `lanes` when neighbours overlap).
  func instructions(starts: [MediaTime], lengths: [MediaTime], size: PixelSize, lanes: [TrackID])
    -> [VideoCompositionInstruction]
  {
    let count = clips.count
    var stills = 0
    let zooms = clips.map { clip -> ClipZoom? in
      guard clip.zoom == nil, kenBurns, clip.source.info.isStill, clip.source.drawing == nil else { return clip.zoom }
      defer { stills += 1 }
      return .kenBurns(stills)
    }
    func layer(_ index: Int) -> LayerInstruction {
      let display = clips[index].source.info.video?.displaySize ?? size
      let fit = clips[index].fit ?? self.fit
      let fitted = fit.transform(from: display, to: size, anchor: anchor)
      let range = TimeRange(start: starts[index], duration: lengths[index])
      let transform = zooms[index].map { $0.keyframes(fitted, over: range, in: size) } ?? Keyframed(fitted)
      // A clip with bars (or a backdrop around it) is a whole frame: its bars fade and move with it.
      let framed = !transform.allValues.allSatisfy { Self.covers($0, display, size) }
      return LayerInstruction(
        trackID: overlaps ? lanes[index % 2] : lanes[0], transform: transform, effects: effects + clips[index].effects,
        backdrop: fit.backdrop, frame: framed ? LayerFrame(fill: background) : nil)
    }
    var instructions: [VideoCompositionInstruction] = []
    for index in 0..<count {
      let soloStart = starts[index] + overlap(before: index)
      let soloEnd = starts[index] + lengths[index] - overlap(after: index)
      if soloStart < soloEnd {
        instructions.append(
          VideoCompositionInstruction(timeRange: TimeRange(start: soloStart, end: soloEnd), layers: [layer(index)]))
      }
      let overlap = overlap(after: index)
      guard index < count - 1, overlap > .zero else { continue }
      let transition = transition(at: index)
      let joint = TimeRange(start: starts[index + 1], duration: overlap)
      var outgoing = layer(index)
      var incoming = layer(index + 1)
      switch transition {
      case .none:
        break
      case .crossfade:
        incoming.opacity = Keyframed(0)
        incoming.opacity.ramp(from: 0, to: 1, over: joint, curve: easing())
        instructions.append(VideoCompositionInstruction(timeRange: joint, layers: [incoming, outgoing]))
      case .fadeBlack, .fadeWhite:
        var through = Color.black
        if case .fadeWhite = transition { through = Color(red: 255, green: 255, blue: 255) }
        let half = overlap.multiplied(by: 1, dividedBy: 2)
        let first = TimeRange(start: joint.start, duration: half)
        let second = TimeRange(start: joint.start + half, end: joint.end)
        outgoing.opacity.ramp(from: 1, to: 0, over: first, curve: easing())
        incoming.opacity = Keyframed(0)
        incoming.opacity.ramp(from: 0, to: 1, over: second, curve: easing())
        instructions.append(VideoCompositionInstruction(timeRange: first, layers: [outgoing], backgroundColor: through))
        instructions.append(
          VideoCompositionInstruction(timeRange: second, layers: [incoming], backgroundColor: through))
      case .slide(let direction, _), .push(let direction, _):
        // The incoming picture moves from one frame away to its place; pushing, the outgoing one moves a frame on.
        let offset = AffineTransform2D.translation(
          x: direction.entry.x * Double(size.width), y: direction.entry.y * Double(size.height))
        let away = AffineTransform2D.translation(
          x: -direction.entry.x * Double(size.width), y: -direction.entry.y * Double(size.height))
        let incomingPlace = incoming.transform.initial
        incoming.transform = Keyframed(incomingPlace.concatenating(offset))
        incoming.transform.ramp(
          from: incomingPlace.concatenating(offset), to: incomingPlace, over: joint, curve: easing())
        incoming.frame?.transform = Keyframed(offset)
        incoming.frame?.transform.ramp(from: offset, to: .identity, over: joint, curve: easing())
        if case .push = transition {
          let outgoingPlace = outgoing.transform.initial
          outgoing.transform.ramp(
            from: outgoingPlace, to: outgoingPlace.concatenating(away), over: joint, curve: easing())
          outgoing.frame?.transform.ramp(from: .identity, to: away, over: joint, curve: easing())
        }
        instructions.append(VideoCompositionInstruction(timeRange: joint, layers: [incoming, outgoing]))
      case .wipe(let direction, _, let edge):
        incoming.mask = wipeMask(direction, edge: edge, size: size, over: joint)
        instructions.append(VideoCompositionInstruction(timeRange: joint, layers: [incoming, outgoing]))
      case .zoomIn:
        let place = outgoing.transform.initial
        let (cx, cy) = (Double(size.width) / 2, Double(size.height) / 2)
        let growth = AffineTransform2D.translation(x: -cx, y: -cy).concatenating(.scale(x: 1.5, y: 1.5))
          .concatenating(.translation(x: cx, y: cy))
        outgoing.transform.ramp(from: place, to: place.concatenating(growth), over: joint, curve: easing())
        outgoing.frame?.transform.ramp(from: .identity, to: growth, over: joint, curve: easing())
        outgoing.opacity.ramp(from: 1, to: 0, over: joint, curve: easing())
        instructions.append(VideoCompositionInstruction(timeRange: joint, layers: [outgoing, incoming]))
      case .circle(let open, _, let edge):
        // From a point to a circle reaching the corners (and the soft edge beyond them), or back.
        let (cx, cy) = (Double(size.width) / 2, Double(size.height) / 2)
        let radius = (cx * cx + cy * cy).squareRoot() + edge / 2 + 1
        let point = Rect(x: cx, y: cy, width: 0, height: 0)
        let whole = Rect(x: cx - radius, y: cy - radius, width: 2 * radius, height: 2 * radius)
        var rect = Keyframed(open ? point : whole)
        rect.ramp(from: open ? point : whole, to: open ? whole : point, over: joint, curve: easing())
        if open {
          incoming.mask = LayerMask(shape: .ellipse, rect: rect, feather: edge)
          instructions.append(VideoCompositionInstruction(timeRange: joint, layers: [incoming, outgoing]))
        } else {
          outgoing.mask = LayerMask(shape: .ellipse, rect: rect, feather: edge)
          instructions.append(VideoCompositionInstruction(timeRange: joint, layers: [outgoing, incoming]))
        }
      }
    }
    return instructions
  }

  /// Whether a picture of `display` size placed by `transform` covers the whole of a `size` frame (no bars).
  static func covers(_ transform: AffineTransform2D, _ display: PixelSize, _ size: PixelSize) -> Bool {
    guard transform.isAxisAligned, transform.a > 0, transform.d > 0 else { return false }
    let right = transform.tx + transform.a * Double(display.width)
    let bottom = transform.ty + transform.d * Double(display.height)
    return transform.tx <= 0 && transform.ty <= 0 && right >= Double(size.width) && bottom >= Double(size.height)
  }

  /// The incoming clip's mask in a wipe moving `direction`: a rectangle growing from the edge it comes in at to
  /// the whole frame (and half the soft edge beyond, so the edge starts and ends outside the frame).
  func wipeMask(_ direction: Transition.Direction, edge: Double, size: PixelSize, over joint: TimeRange)
    -> LayerMask
  {
    let (w, h, half) = (Double(size.width), Double(size.height), edge / 2)
    let whole = Rect(x: -half, y: -half, width: w + edge, height: h + edge)
    let start: Rect
    switch direction {
    case .left: start = Rect(x: w + half, y: -half, width: 0, height: h + edge)
    case .right: start = Rect(x: -half, y: -half, width: 0, height: h + edge)
    case .up: start = Rect(x: -half, y: h + half, width: w + edge, height: 0)
    case .down: start = Rect(x: -half, y: -half, width: w + edge, height: 0)
    }
    var rect = Keyframed(start)
    rect.ramp(from: start, to: whole, over: joint, curve: easing())
    return LayerMask(shape: .rectangle, rect: rect, feather: edge)
  }

  /// Volume changes of the two clip lanes where clip `incoming` joins at `start` by `transition`.
  func addAudioTransition(
    _ transition: Transition, into volumes: inout [Keyframed<Double>], from outgoing: Int, to incoming: Int,
    at start: MediaTime, overlap: MediaTime
  ) {
    switch transition {
    case .none:
      break
    case .crossfade, .slide, .push, .wipe, .zoomIn, .circle:
      let joint = TimeRange(start: start, duration: overlap)
      volumes[outgoing].ramp(from: clipVolume, to: 0, over: joint, curve: .equalPower)
      volumes[incoming].ramp(from: 0, to: clipVolume, over: joint, curve: .equalPower)
    case .fadeBlack, .fadeWhite:
      let half = overlap.multiplied(by: 1, dividedBy: 2)
      volumes[outgoing].ramp(from: clipVolume, to: 0, over: TimeRange(start: start, duration: half))
      volumes[incoming].set(0, at: start)
      volumes[incoming].ramp(from: 0, to: clipVolume, over: TimeRange(start: start + half, end: start + overlap))
    }
  }
}
