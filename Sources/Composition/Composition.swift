/// Everything needed to render one output: the sources, the tracks of segments cut from them, how the video
/// tracks are composed into frames, how the audio tracks are mixed, and how the result is encoded.
///
/// Overlay, concat and the spec file are three ways of building this value; the engine renders any valid one.
public struct Composition: Sendable, Hashable {
  /// What the segments are cut from, each named by its id: media files, or drawn text and subtitles.
  public var sources: [Source]
  /// The video and audio tracks, each a sequence of segments cut from the sources.
  public var tracks: [Track]
  /// Nil for an audio-only output.
  public var video: VideoComposition?
  /// The volume of each audio track (a track without parameters plays at volume 1).
  public var audioMix: AudioMix
  /// How the output is encoded: container, codecs, quality.
  public var export: ExportSettings

  /// A composition of `sources` and `tracks`, composed by `video` (nil: audio only), mixed and encoded as given.
  public init(
    sources: [Source], tracks: [Track], video: VideoComposition?, audioMix: AudioMix = AudioMix(),
    export: ExportSettings = ExportSettings()
  ) {
    self.sources = sources
    self.tracks = tracks
    self.video = video
    self.audioMix = audioMix
    self.export = export
  }

  /// Whether any audio track has something in it.
  public var hasAudio: Bool { tracks(of: .audio).contains { !$0.segments.isEmpty } }

  /// From zero to the end of the last segment of any track.
  public var duration: MediaTime { tracks.map(\.end).max() ?? .zero }

  /// The output's length: whole frames covering `duration` when there is video, else `duration` itself.
  /// Audio is cut or padded to this length, so both streams end together.
  public var outputDuration: MediaTime {
    guard let video, !framesFollowSources else { return duration }
    return video.time(ofFrame: video.frameCount(covering: duration))
  }

  /// Whether the output's frames start at the clips' own picture times (`FrameTiming.sources`) and the
  /// container stamps each frame with its own time (GIF and WebP frames are rendered on the grid).
  public var framesFollowSources: Bool {
    video?.frameTiming == .sources && ![.gif, .webp].contains(export.container)
  }

  /// The source with `id`, or nil when there is none.
  public func source(_ id: SourceID) -> Source? { sources.first { $0.id == id } }

  /// The track with `id`, or nil when there is none.
  public func track(_ id: TrackID) -> Track? { tracks.first { $0.id == id } }

  /// The tracks of `kind`, in their order in `tracks`.
  public func tracks(of kind: MediaKind) -> [Track] { tracks.filter { $0.kind == kind } }
}
