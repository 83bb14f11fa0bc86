/// A picture-in-picture: `base` fills the frame, `overlay` is fitted into it, scaled, placed (and perhaps turned)
/// on top, with its opacity set or ramped. Builds the `Composition` that `clipmerge overlay` renders; nothing
/// here knows how it will be rendered.
public struct OverlayRecipe: Sendable {
  /// The input that fills the frame, shown under the overlay.
  public var base: Source
  /// The input fitted into the frame and shown on top of `base`.
  public var overlay: Source
  /// The overlay's size as a fraction of its size when fitted whole into the render size.
  public var scale: Double = 0.5
  /// Where the overlay sits: a corner, the centre or a point (the top right corner by default).
  public var position: OverlayPosition = .topRight
  /// Pixels between the overlay and the edges named by `position`.
  public var margin: Double = 0
  /// Clockwise degrees about the overlay's centre.
  public var rotation: Double = 0
  /// Opacity when no fade applies.
  public var opacity: Double = 1
  /// Opacity ramps from 0 up to `opacity` over this range.
  public var fadeIn: TimeRange?
  /// Opacity ramps from `opacity` down to 0 over this range.
  public var fadeOut: TimeRange?
  /// Default: the base's upright display size, rounded up to even numbers.
  public var renderSize: PixelSize?
  /// Default: the base's frame rate.
  public var frameDuration: MediaTime?
  /// Which inputs are heard: both mixed (the default), one of them, or none.
  public var audio: AudioChoice = .mix
  /// The volume of both inputs' sound.
  public var volume: Double = 1
  /// How BASE fills the frame when its shape differs.
  public var fit: FitMode = .contain
  /// What part of a clip `fit` keeps, or where between bars it sits.
  public var anchor: FitAnchor = .center
  /// Shown where neither input covers the frame (black by default).
  public var background: Color = .black
  /// Effects on both layers' pictures.
  public var effects: [Effect] = []
  /// How the output is encoded.
  public var export = ExportSettings()

  /// The track of the base's picture.
  public static let baseVideoTrack = TrackID(1)
  /// The track of the overlay's picture.
  public static let overlayVideoTrack = TrackID(2)
  /// The track of the base's sound.
  public static let baseAudioTrack = TrackID(3)
  /// The track of the overlay's sound.
  public static let overlayAudioTrack = TrackID(4)

  /// False: BASE alone (the command line's `overlay BASE --text ...`, where text is the overlay).
  public var showsOverlay = true

  /// The part of each input used (`a.mp4#t=5,20`): from `start` (nil: its beginning) to `end` (nil: its end).
  public var baseTrim = ClipReference(path: "")
  /// The part of the overlay used, as `baseTrim` is the base's.
  public var overlayTrim = ClipReference(path: "")

  /// A recipe of `base` and `overlay`, everything else at its default: the overlay at half size in the top right.
  public init(base: Source, overlay: Source) {
    self.base = base
    self.overlay = overlay
  }

  /// The composition: both clips (or the parts of them their trims name) from time zero; the output lasts as long
  /// as the longer.
  public func makeComposition() -> Composition {
    let size = renderSize ?? Self.evenSize(base.info.video?.displaySize ?? PixelSize(width: 2, height: 2))
    let frameDuration = self.frameDuration ?? base.info.video?.preferredFrameDuration ?? MediaTime.ticks(1, rate: 30)
    var tracks: [Track] = []
    // A still picture has no length of its own: it lasts as long as the other input.
    func used(_ source: Source) -> TrackSegment {
      let trim = source.id == base.id ? baseTrim : overlayTrim
      let start = trim.start ?? .zero
      let range = TimeRange(start: start, duration: (trim.end ?? source.info.duration) - start)
      return .playing(source: source.id, range: range, at: .zero, rate: trim.rate, freeze: trim.freeze)
    }
    let other = [base, overlay].first { !$0.info.isStill }.map { used($0).compositionRange.duration } ?? .zero
    func whole(_ source: Source) -> [TrackSegment] {
      if source.info.isStill {
        return [TrackSegment(source: source.id, sourceRange: TimeRange(start: .zero, duration: other), at: .zero)]
      }
      return [used(source)]
    }
    tracks.append(Track(id: Self.baseVideoTrack, kind: .video, segments: whole(base)))
    if showsOverlay { tracks.append(Track(id: Self.overlayVideoTrack, kind: .video, segments: whole(overlay))) }
    if (audio == .mix || audio == .base) && base.info.audio != nil {
      tracks.append(Track(id: Self.baseAudioTrack, kind: .audio, segments: whole(base)))
    }
    if showsOverlay && (audio == .mix || audio == .overlay) && overlay.info.audio != nil {
      tracks.append(Track(id: Self.overlayAudioTrack, kind: .audio, segments: whole(overlay)))
    }
    let duration = tracks.map(\.end).max() ?? .zero
    // The base clip's own `&fit=` and `&effect=`s (after the recipe's), and the overlay's effects.
    let baseFit = baseTrim.fit ?? fit
    var layers = [
      LayerInstruction(
        trackID: Self.baseVideoTrack,
        transform: Keyframed(baseFit.transform(from: base.info.video?.displaySize ?? size, to: size, anchor: anchor)),
        effects: effects + baseTrim.effects, backdrop: baseFit.backdrop)
    ]
    if showsOverlay {
      layers.insert(
        LayerInstruction(
          trackID: Self.overlayVideoTrack, transform: Keyframed(overlayTransform(in: size)), opacity: overlayOpacity,
          effects: effects + overlayTrim.effects),
        at: 0)
    }
    var video = VideoComposition(
      renderSize: size, frameDuration: frameDuration, backgroundColor: background,
      instructions: [
        VideoCompositionInstruction(timeRange: TimeRange(start: .zero, duration: duration), layers: layers)
      ])
    // A variable frame rate base without a rate asked for: its pictures at their own times.
    if self.frameDuration == nil, base.info.video?.isVariableFrameRate == true { video.frameTiming = .sources }
    var mix = AudioMix()
    if volume != 1 {
      mix.parameters = tracks.filter { $0.kind == .audio }.map {
        AudioMixParameters(trackID: $0.id, volume: Keyframed(volume))
      }
    }
    return Composition(
      sources: showsOverlay ? [base, overlay] : [base], tracks: tracks, video: video, audioMix: mix, export: export)
  }

  var overlayOpacity: Keyframed<Double> {
    var value = Keyframed(fadeIn == nil ? opacity : 0)
    if let fadeIn { value.ramp(from: 0, to: opacity, over: fadeIn) }
    if let fadeOut { value.ramp(from: opacity, to: 0, over: fadeOut) }
    return value
  }

  /// Scales the overlay's upright picture to whole pixels, turns it about its centre, puts it in place.
  func overlayTransform(in size: PixelSize) -> AffineTransform2D {
    let display = overlay.info.video?.displaySize ?? PixelSize(width: 1, height: 1)
    let fitted = min(Double(size.width) / Double(display.width), Double(size.height) / Double(display.height))
    let width = max(1, (Double(display.width) * fitted * scale).rounded())
    let height = max(1, (Double(display.height) * fitted * scale).rounded())
    let origin = position.origin(size: (width, height), frame: size, margin: margin)
    var t = AffineTransform2D.scale(x: width / Double(display.width), y: height / Double(display.height))
    if rotation != 0 {
      t = t.concatenating(.translation(x: -width / 2, y: -height / 2))
        .concatenating(.rotation(degrees: rotation))
        .concatenating(.translation(x: width / 2, y: height / 2))
    }
    return t.concatenating(.translation(x: origin.x.rounded(), y: origin.y.rounded()))
  }

  /// `size` with each side rounded up to an even number (H.264 4:2:0 needs it).
  static func evenSize(_ size: PixelSize) -> PixelSize {
    PixelSize(width: max(2, size.width + size.width % 2), height: max(2, size.height + size.height % 2))
  }
}
