/// The picture of a composition: frame size and rate, and instructions over its time
/// (AVFoundation's AVMutableVideoComposition).
public final class MutableVideoComposition {
  /// The size of the output frames, in pixels.
  public var renderSize: PixelSize
  /// One frame's duration: 1/30 s for 30 frames a second.
  public var frameDuration: MediaTime
  /// Shown where no layer covers the frame, unless an instruction sets its own.
  public var backgroundColor: Color
  /// What the frame shows over the composition's time, instruction by instruction.
  public var instructions: [MutableVideoCompositionInstruction]
  /// `.sources`: frames start at the shown clips' own picture times (variable frame rate, as AVFoundation's
  /// `sourceTrackIDForFrameTiming` follows a track), `frameDuration` apart over what is not a clip.
  public var frameTiming = FrameTiming.constant

  /// A video composition of `renderSize` frames, each `frameDuration` long, over `backgroundColor` (black by default).
  public init(
    renderSize: PixelSize, frameDuration: MediaTime, backgroundColor: Color = .black,
    instructions: [MutableVideoCompositionInstruction] = []
  ) {
    self.renderSize = renderSize
    self.frameDuration = frameDuration
    self.backgroundColor = backgroundColor
    self.instructions = instructions
  }

  convenience init(_ video: VideoComposition) {
    self.init(
      renderSize: video.renderSize, frameDuration: video.frameDuration, backgroundColor: video.backgroundColor,
      instructions: video.instructions.map(MutableVideoCompositionInstruction.init))
    frameTiming = video.frameTiming
  }

  /// A copy as a value, the layers' transforms still on decoded pixels.
  var value: VideoComposition {
    var video = VideoComposition(
      renderSize: renderSize, frameDuration: frameDuration, backgroundColor: backgroundColor,
      instructions: instructions.map(\.value))
    video.frameTiming = frameTiming
    return video
  }
}
