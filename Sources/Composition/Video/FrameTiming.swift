/// When a video composition's frames start: on a constant grid of its frame duration, or at the pictures'
/// own times of the clips it shows (variable frame rate, as AVFoundation's `sourceTrackIDForFrameTiming`
/// follows a source track), so that a phone's or a screen recorder's pictures are each shown once, for as long
/// as they last in the clip.
public enum FrameTiming: String, Sendable, Hashable, CaseIterable {
  /// Frame n starts at n × frameDuration.
  case constant
  /// A frame starts at each time a shown clip's picture starts (mapped through its segment), at each segment's
  /// start and end, and on the grid of frameDuration where the frame changes between pictures (transitions,
  /// fades, moving layers, subtitles).
  /// Renders that cut at frames (GIF, segments over a cluster, smart copies) use the constant grid.
  case sources
}
