import Composition

/// One scene of a video: its pictures from `startFrame` up to (not including) `endFrame`, in presentation order
/// from the file's first picture, and the times they span from the file's start (half-open, as every range).
public struct Scene: Sendable, Hashable {
  /// The time of the scene's first picture.
  public var start: MediaTime
  /// The time of the next scene's first picture; the end of the pictures for the last scene.
  public var end: MediaTime
  /// The index of the scene's first picture.
  public var startFrame: Int
  /// The index of the next scene's first picture; the number of pictures for the last scene.
  public var endFrame: Int

  /// A scene of pictures `startFrame..<endFrame` over `start..<end`.
  public init(start: MediaTime, end: MediaTime, startFrame: Int, endFrame: Int) {
    self.start = start
    self.end = end
    self.startFrame = startFrame
    self.endFrame = endFrame
  }
}
