/// How video tracks become frames: the frame size and rate, and instructions over time.
/// Where no instruction covers a time, the frame is the background colour.
public struct VideoComposition: Sendable, Hashable {
  /// The size of the output frames, in pixels.
  public var renderSize: PixelSize
  /// Output frame n is at `n × frameDuration` (with `frameTiming` `.sources`, the step between frames where the
  /// frame changes between the clips' pictures).
  public var frameDuration: MediaTime
  /// Where frames start: on the grid of `frameDuration` (the default) or at the shown clips' picture times.
  public var frameTiming: FrameTiming = .constant
  /// Shown where no layer covers the frame, unless an instruction sets its own.
  public var backgroundColor: Color
  /// What the frame shows over composition time, instruction by instruction, never overlapping.
  public var instructions: [VideoCompositionInstruction]

  /// A video composition of `renderSize` frames, each `frameDuration` long, over `backgroundColor` (black by default).
  public init(
    renderSize: PixelSize, frameDuration: MediaTime, backgroundColor: Color = .black,
    instructions: [VideoCompositionInstruction]
  ) {
    self.renderSize = renderSize
    self.frameDuration = frameDuration
    self.backgroundColor = backgroundColor
    self.instructions = instructions
  }

  /// The instruction in force at `time`, if any.
  public func instruction(at time: MediaTime) -> VideoCompositionInstruction? {
    instructions.first { $0.timeRange.contains(time) }
  }

  /// The number of frames needed to cover `duration`: the last frame starts before it ends. A duration a
  /// hair over a whole number of frames means that number (a container's 1.066667 s at 30 fps is 32 frames, not
  /// 33; Matroska's millisecond stamps make 5 frames at 24 fps 0.209 s): what is left past the last whole frame
  /// counts only when it is more than the slack, a hundredth of a frame or 2 ms, at most a quarter frame (a trim
  /// of a spec 2.7 ms past a frame's start is a frame more). This is the one place a duration becomes a number of
  /// frames; a file's length rounded by its clock is snapped to its frames where it is measured (`MediaProbe`).
  public func frameCount(covering duration: MediaTime) -> Int64 {
    guard frameDuration > .zero, duration > .zero else { return 0 }
    let whole = duration.count(of: frameDuration, rounding: .down)
    let rest = duration - frameDuration * whole
    return rest > roundingSlack ? whole + 1 : max(whole, 1)
  }

  /// How far past a whole number of frames a duration may run and still mean it.
  var roundingSlack: MediaTime {
    let quarter = frameDuration.multiplied(by: 1, dividedBy: 4)
    let hundredth = frameDuration.multiplied(by: 1, dividedBy: 100)
    return min(quarter, max(hundredth, MediaTime.ticks(2, rate: 1000)))
  }

  /// The presentation time of frame `index`.
  public func time(ofFrame index: Int64) -> MediaTime { frameDuration * index }
}
