import Composition

enum OverlaySamples {
  static var recipe: OverlayRecipe {
    let info = MediaInfo(
      container: "mov", duration: MediaTime(seconds: 4),
      video: VideoStreamInfo(
        codec: "h264", width: 320, height: 240, nominalFrameDuration: MediaTime(value: 1, timescale: 30)),
      audio: nil)
    return OverlayRecipe(
      base: Source(id: SourceID(0), path: "a.mp4", info: info),
      overlay: Source(id: SourceID(1), path: "b.mp4", info: info))
  }
}
