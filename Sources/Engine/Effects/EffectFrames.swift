internal import CFFmpeg

/// Helpers the effects share for the pictures they write.
enum EffectFrames {
  /// Copies `source`'s alpha plane, if it has one, into `target`.
  static func copyAlpha(_ source: Frame, into target: Frame) {
    guard AlphaPicture.hasAlpha(source), let src = PlaneView(source, plane: 3), let dst = PlaneView(target, plane: 3)
    else { return }
    for y in 0..<src.height { dst.row(y).update(from: src.row(y), count: src.width) }
  }

  /// `frame` if it has `source`'s size and format and nothing else holds its buffers, else a new such frame.
  static func reuse(_ frame: Frame?, like source: Frame) throws(FFmpegError) -> Frame {
    if let frame, frame.width == source.width, frame.height == source.height,
      frame.pixelFormat == source.pixelFormat, frame.isWritable
    {
      return frame
    }
    return try Frame(width: source.width, height: source.height, format: source.pixelFormat)
  }
}
