import Composition

/// Small valid compositions that tests break one rule at a time.
enum CompositionSamples {
  static func s(_ text: String) -> MediaTime { MediaTime(parsing: text)! }

  static func source(
    _ id: Int, seconds: String = "4", video: Bool = true, audio: Bool = true, width: Int = 320, height: Int = 240
  ) -> Source {
    Source(
      id: SourceID(id), path: "clip\(id).mp4",
      info: MediaInfo(
        container: "mov,mp4,m4a,3gp,3g2,mj2", duration: s(seconds),
        video: video
          ? VideoStreamInfo(codec: "h264", width: width, height: height, nominalFrameDuration: s("1/30")) : nil,
        audio: audio ? AudioStreamInfo(codec: "aac", sampleRate: 48000, channels: 2) : nil))
  }

  /// Two 4 s clips, one after the other, video and audio, one instruction over the whole 8 s.
  static var twoClips: Composition {
    let a = source(0)
    let b = source(1)
    let range = TimeRange(start: .zero, duration: s("4"))
    let video = Track(
      id: TrackID(1), kind: .video,
      segments: [
        TrackSegment(source: a.id, sourceRange: range, at: .zero),
        TrackSegment(source: b.id, sourceRange: range, at: s("4")),
      ])
    let audio = Track(
      id: TrackID(2), kind: .audio,
      segments: [
        TrackSegment(source: a.id, sourceRange: range, at: .zero),
        TrackSegment(source: b.id, sourceRange: range, at: s("4")),
      ])
    let instruction = VideoCompositionInstruction(
      timeRange: TimeRange(start: .zero, duration: s("8")), layers: [LayerInstruction(trackID: TrackID(1))])
    return Composition(
      sources: [a, b], tracks: [video, audio],
      video: VideoComposition(
        renderSize: PixelSize(width: 320, height: 240), frameDuration: s("1/30"), instructions: [instruction]),
      audioMix: AudioMix(parameters: [AudioMixParameters(trackID: TrackID(2), volume: Keyframed(0.8))]))
  }
}
