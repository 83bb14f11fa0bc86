internal import CFFmpeg

/// Helpers the effects share for the pictures they write.
enum EffectFrames {
  /// Copies `source`'s alpha plane, if it has one, into `target` (same depth).
  static func copyAlpha(_ source: Frame, into target: Frame) {
    guard AlphaPicture.hasAlpha(source), let src = source.data(3), let dst = target.data(3) else { return }
    let bytes = source.width * (source.bitDepth > 8 ? 2 : 1)
    for y in 0..<source.height {
      (dst + y * target.linesize(3)).update(from: src + y * source.linesize(3), count: bytes)
    }
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
