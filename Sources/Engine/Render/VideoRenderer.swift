internal import CFFmpeg
import Composition

/// Renders the video composition frame by frame: for each output time, finds the instruction, each layer's
/// segment and source picture showing then, and composes them. Opens a source's reader when its segment starts
/// and closes it when no segment needs it, so only the sources in play are open; segments that show the same
/// pictures at the same times share one reader (`ReaderKey`).
final class VideoRenderer {
  private let composition: Composition
  private let video: VideoComposition
  private let compositor: Compositor
  private let scalers = ScalerCache()
  /// The open readers, and the reader each track read from last.
  private var readers: [ReaderKey: any PictureSource] = [:]
  /// The libass renderers the drawings share, one a default font.
  private var textRenderers: [String: AssRenderer] = [:]
  private var trackReaders: [TrackID: ReaderKey] = [:]
  /// The pictures framed layers are drawn in (`LayerFrame`), and a serial that changes with each one drawn.
  private var framePictures: [TrackID: Frame] = [:]
  private var frameSerial = 0
  /// The composition time at which the bottom source picture of the frame rendered last starts to show (its own
  /// presentation time on the composition's clock); nil when no moving picture played forward is in it.
  private(set) var shownTime: MediaTime?

  private let damage: DamageLog
  private let effects: EffectProcessor

  /// `tables`: the composition's `.cube` files, read once for the whole render. `hdr`: frames are composed at
  /// 10 bits in BT.2020 and that transfer (`KeptHDR`), HDR pictures as they are and SDR ones
  /// placed into HDR; without it, at 8 bits in `matrix`, HDR pictures mapped to SDR.
  init(
    composition: Composition, video: VideoComposition, matrix: ColorMatrix, damage: DamageLog, tables: CubeTables,
    hdr: ToneMapper.Transfer? = nil
  ) {
    self.composition = composition
    self.damage = damage
    self.video = video
    compositor = Compositor(matrix: matrix, scalers: scalers, hdr: hdr)
    effects = EffectProcessor(tables: tables, matrix: matrix, hdr: hdr)
  }

  /// The Y'CbCr matrix frames are composed in.
  var matrix: ColorMatrix { compositor.matrix }

  /// A frame to render into: the render size, 8-bit 4:2:0, or with `hdr` 10-bit 4:2:0 tagged BT.2020 and the
  /// transfer (what an encoder or a conversion after it reads).
  func makeFrame() throws(FFmpegError) -> Frame {
    let size = video.renderSize
    let hdr = compositor.hdr
    let frame = try Frame(
      width: size.width, height: size.height, format: hdr == nil ? AV_PIX_FMT_YUV420P : AV_PIX_FMT_YUV420P10LE)
    if let hdr {
      frame.pointer.pointee.color_trc = hdr == .hlg ? AVCOL_TRC_ARIB_STD_B67 : AVCOL_TRC_SMPTE2084
      frame.pointer.pointee.color_primaries = AVCOL_PRI_BT2020
      frame.pointer.pointee.colorspace = AVCOL_SPC_BT2020_NCL
      frame.pointer.pointee.color_range = AVCOL_RANGE_MPEG
    }
    return frame
  }

  /// Renders the frame at composition time `time` into `frame` (4:2:0 at the render size: 8-bit, or 10-bit with
  /// `hdr`).
  func render(at time: MediaTime, into frame: Frame) throws(EngineError) {
    let instruction = video.instruction(at: time)
    var draws: [LayerDraw] = []
    var background = instruction?.backgroundColor ?? video.backgroundColor
    var active = Set<TrackID>()
    var activeReaders = Set<ReaderKey>()
    shownTime = nil
    for layer in (instruction?.layers ?? []).reversed() {
      guard let track = composition.track(layer.trackID),
        let index = track.segments.firstIndex(where: { $0.compositionRange.contains(time) })
      else { continue }
      let segment = track.segments[index]
      guard let source = composition.source(segment.source), let info = source.info.video else { continue }
      active.insert(track.id)
      let key = ReaderKey(track: track.id, index: index, segment: segment)
      activeReaders.insert(key)
      // A still shows its one picture whatever part of it the segment takes; drawn text is asked at its time.
      let still = source.info.isStill && source.drawing == nil
      // A reader opens where it is first asked: the segment's start in a full render, a run's start in a smart one.
      let reader = try reader(
        key, for: track.id, source: source, start: still ? .zero : segment.sourceTime(at: time),
        reversed: segment.playback == .reversed && !still)
      guard let picture = try reader.picture(at: still ? .zero : segment.sourceTime(at: time)) else { continue }
      if shownTime == nil && !still && segment.playback == .forward {
        shownTime = max(segment.compositionRange.start, segment.compositionTime(at: picture.time))
      }
      let normalized: Frame
      do {
        normalized = try scalers.normalize(picture, matrix: compositor.matrix, hdr: compositor.hdr)
      } catch {
        throw EngineError.decodeFailed(
          path: source.path, time: picture.time, reason: "cannot convert the picture (\(error))")
      }
      let transform = Self.placement(of: picture, declared: info)
        .concatenating(info.preferredTransform).concatenating(layer.transform.value(at: time))
      var draw = LayerDraw(
        track: track.id, serial: picture.serial, picture: normalized, transform: transform,
        opacity: layer.opacity.value(at: time), isStill: still, isMoving: !layer.transform.isConstant)
      draw.mask = layer.mask.map { ($0.shape, $0.rect.value(at: time), $0.feather) }
      if !layer.effects.isEmpty {
        // The one layer, a moving picture drawn whole 1:1 over the frame: its last effect writes the frame itself.
        let whole =
          instruction?.layers.count == 1 && !still && layer.crop == nil && layer.frame == nil
          && Self.fills(draw, frame)
        do {
          (draw.picture, draw.serial) = try effects.apply(
            layer.effects, at: time, to: normalized,
            scale: abs(transform.a * transform.d - transform.b * transform.c)
              .squareRoot(), track: track.id, serial: picture.serial, into: whole ? frame : nil)
        } catch {
          throw EngineError.internalFailure(.effects, "effects failed: \(error)")
        }
      }
      if let crop = layer.crop {
        guard let cropped = try Self.crop(draw, to: crop, preferred: info.preferredTransform, path: source.path) else {
          continue
        }
        draw = cropped
      }
      var behind: LayerDraw?
      if let backdrop = layer.backdrop {
        behind = try backdropDraw(
          backdrop, of: picture, normalized: normalized, info: info, track: track.id, at: time)
        active.insert(behind!.track)
      }
      guard let frameLayer = layer.frame else {
        draws += [behind, draw].compactMap { $0 }
        continue
      }
      // A whole frame: the fill, the backdrop and the picture in frame pixels, then moved, faded and cut as one.
      let move = frameLayer.transform.value(at: time)
      guard let undo = move.inverted() else { continue }
      var inner = draw
      (inner.transform, inner.opacity, inner.mask) = (draw.transform.concatenating(undo), 1, nil)
      let layers = [behind, inner].compactMap { $0 }
      if move == .identity && draw.opacity >= 1 && draw.mask == nil {
        // In place and opaque, the frame hides what is below it: its own layers are drawn over its fill.
        (draws, background) = (layers, frameLayer.fill)
        continue
      }
      let whole = try framePicture(for: track.id)
      do { try compositor.compose(layers, background: frameLayer.fill, into: whole.picture) } catch {
        throw EngineError.internalFailure(.compositing, "compositing a clip's frame failed: \(error)")
      }
      frameSerial &+= 1
      active.insert(whole.track)
      draws.append(
        LayerDraw(
          track: whole.track, serial: frameSerial, picture: whole.picture, transform: move, opacity: draw.opacity,
          isMoving: !frameLayer.transform.isConstant, mask: draw.mask))
    }
    for key in readers.keys where !activeReaders.contains(key) { readers[key] = nil }
    for track in trackReaders.keys where !active.contains(track) { trackReaders[track] = nil }
    compositor.retain(tracks: active)
    effects.retain(tracks: active)
    for track in framePictures.keys where !active.contains(track) { framePictures[track] = nil }
    if draws.count == 1, draws[0].picture === frame { return }
    do {
      try compositor.compose(draws, background: background, into: frame)
    } catch {
      throw EngineError.internalFailure(.compositing, "compositing failed: \(error)")
    }
  }

  /// The picture a framed layer of `track` is drawn in (render size, kept while the layer is), and the track id
  /// it is cached under in the compositor (one no composition uses).
  private func framePicture(for track: TrackID) throws(EngineError) -> (track: TrackID, picture: Frame) {
    let own = TrackID(-(1 << 40) - track.rawValue)
    if let picture = framePictures[own] { return (own, picture) }
    let picture: Frame
    do { picture = try makeFrame() } catch { throw EngineError.internalFailure(.compositing, "\(error)") }
    framePictures[own] = picture
    return (own, picture)
  }

  /// The layer's own picture covering the frame, blurred and dimmed, to draw behind it. It is cached as a layer
  /// of its own (a track id no composition uses: the layer's, negated, less one).
  private func backdropDraw(
    _ backdrop: Backdrop, of picture: SourcePicture, normalized: Frame, info: VideoStreamInfo, track: TrackID,
    at time: MediaTime
  ) throws(EngineError) -> LayerDraw {
    let cover = FitMode.cover.transform(from: info.displaySize, to: video.renderSize)
    let transform = Self.placement(of: picture, declared: info).concatenating(info.preferredTransform)
      .concatenating(cover)
    let own = TrackID(-1 - track.rawValue)
    var draw = LayerDraw(
      track: own, serial: picture.serial, picture: normalized, transform: transform, opacity: 1 - backdrop.dim)
    guard backdrop.blur > 0 else { return draw }
    do {
      (draw.picture, draw.serial) = try effects.apply(
        [Effect(.blur, amount: Keyframed(backdrop.blur))], at: time, to: normalized,
        scale: abs(transform.a * transform.d - transform.b * transform.c).squareRoot(), track: own,
        serial: picture.serial, into: nil)
    } catch {
      throw EngineError.internalFailure(.effects, "the blurred backdrop failed: \(error)")
    }
    return draw
  }

  /// Whether `draw` is drawn 1:1 over the whole of `frame`, opaque, in its pixel format: a picture that could be
  /// written in the frame's place.
  static func fills(_ draw: LayerDraw, _ frame: Frame) -> Bool {
    guard draw.picture.pixelFormat == frame.pixelFormat,
      (draw.picture.width, draw.picture.height) == (frame.width, frame.height),
      Compositor.coversOpaquely(draw, width: frame.width, height: frame.height),
      let r = Compositor.placement(of: draw)
    else { return false }
    return (r.x, r.y, r.width, r.height) == (0, 0, frame.width, frame.height)
  }

  /// The layer showing only `crop` (upright display pixels) of its picture, placed where the whole picture
  /// would put that part; nil when nothing of the picture is inside the crop.
  static func crop(_ draw: LayerDraw, to crop: Rect, preferred: AffineTransform2D, path: String) throws(EngineError)
    -> LayerDraw?
  {
    guard let inverse = preferred.inverted() else { return nil }
    let corners = [
      inverse.apply(x: crop.x, y: crop.y), inverse.apply(x: crop.x + crop.width, y: crop.y),
      inverse.apply(x: crop.x, y: crop.y + crop.height), inverse.apply(x: crop.x + crop.width, y: crop.y + crop.height),
    ]
    let x0 = max(0, Int((corners.map(\.x).min() ?? 0).rounded()))
    let y0 = max(0, Int((corners.map(\.y).min() ?? 0).rounded()))
    let x1 = min(draw.picture.width, Int((corners.map(\.x).max() ?? 0).rounded()))
    let y1 = min(draw.picture.height, Int((corners.map(\.y).max() ?? 0).rounded()))
    guard x0 < x1, y0 < y1 else { return nil }
    var result = draw
    do {
      result.picture = try draw.picture.cropped(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    } catch {
      throw .decodeFailed(path: path, time: nil, reason: "cannot crop the picture (\(error))")
    }
    result.transform = AffineTransform2D.translation(x: Double(x0), y: Double(y0)).concatenating(draw.transform)
    result.serial = draw.serial &* 7919 &+ x0 &* 31 &+ y0 &* 17 &+ x1 &* 13 &+ y1
    return result
  }

  /// The libass renderer of the render's drawings whose default font is `font`, made the first time.
  private func textRenderer(_ font: String) throws(EngineError) -> AssRenderer {
    if let made = textRenderers[font] { return made }
    let library: AssLibrary
    if let shared = textRenderers.values.first?.library { library = shared } else { library = try AssLibrary() }
    let made = try AssRenderer(
      library: library, width: video.renderSize.width, height: video.renderSize.height, defaultFamily: font)
    textRenderers[font] = made
    return made
  }

  private func reader(
    _ key: ReaderKey, for track: TrackID, source: Source, start: MediaTime, reversed: Bool
  ) throws(EngineError) -> any PictureSource {
    // Another reader numbers its pictures from 1 again: what the compositor keeps for the track is stale.
    if trackReaders[track] != key {
      compositor.forget(track: track)
      trackReaders[track] = key
    }
    if let open = readers[key] { return open }
    let reader: any PictureSource =
      if case .color(let color) = source.drawing {
        try ColorCard(
          color: color,
          size: source.info.video.map { PixelSize(width: $0.width, height: $0.height) } ?? video.renderSize)
      } else if let drawing = source.drawing {
        try DrawnPictures(
          drawing, path: source.path, width: video.renderSize.width, height: video.renderSize.height,
          renderer: textRenderer)
      } else if reversed {
        ReverseVideoReader(path: source.path, damage: damage, mapsHDR: compositor.hdr == nil)
      } else {
        try VideoReader(path: source.path, start: start, damage: damage, mapsHDR: compositor.hdr == nil)
      }
    readers[key] = reader
    return reader
  }

  /// Where a decoded picture lies in its stream's declared frame: its corner at its origin; a picture whose size
  /// changed mid-stream (a new sample description, a VP8 key frame of another size) fitted into the declared
  /// frame and centred, as the first is fitted into the render.
  static func placement(of picture: SourcePicture, declared info: VideoStreamInfo) -> AffineTransform2D {
    let size = PixelSize(
      width: Int(picture.frame.pointer.pointee.width), height: Int(picture.frame.pointer.pointee.height))
    let frame = PixelSize(width: info.width, height: info.height)
    let origin = AffineTransform2D.translation(x: Double(picture.originX), y: Double(picture.originY))
    guard !picture.isDrawn, size.width > 0, size.height > 0, size != frame else {
      return origin
    }
    return FitMode.contain.transform(from: size, to: frame)
  }
}
