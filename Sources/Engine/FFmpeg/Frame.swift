internal import CFFmpeg

/// Owns one AVFrame (av_frame_alloc / av_frame_free).
final class Frame {
  let pointer: UnsafeMutablePointer<AVFrame>

  init() throws(FFmpegError) {
    guard let p = av_frame_alloc() else { throw FFmpegError(function: "av_frame_alloc", code: cm_averror_enomem()) }
    pointer = p
  }

  /// A frame with its own buffers for a picture of `width`×`height` in `format` (av_frame_get_buffer).
  convenience init(width: Int, height: Int, format: AVPixelFormat) throws(FFmpegError) {
    try self.init()
    pointer.pointee.width = Int32(width)
    pointer.pointee.height = Int32(height)
    pointer.pointee.format = format.rawValue
    try check(av_frame_get_buffer(pointer, 0), "av_frame_get_buffer")
  }

  deinit {
    var p: UnsafeMutablePointer<AVFrame>? = pointer
    av_frame_free(&p)
  }

  var width: Int { Int(pointer.pointee.width) }
  var height: Int { Int(pointer.pointee.height) }
  var pixelFormat: AVPixelFormat { AVPixelFormat(rawValue: pointer.pointee.format) }
  /// Bits per sample of the picture's format (8, or 10 for the compositor's HDR pictures, 16 for widened ones).
  var bitDepth: Int { Int(cm_pix_fmt_depth(pixelFormat)) }
  var sampleCount: Int { Int(pointer.pointee.nb_samples) }

  func data(_ plane: Int) -> UnsafeMutablePointer<UInt8>? { cm_frame_data(pointer, Int32(plane)) }
  func linesize(_ plane: Int) -> Int { Int(cm_frame_linesize(pointer, Int32(plane))) }

  /// A new frame sharing this one's buffers, showing only `width`×`height` pixels from (`x`, `y`)
  /// (av_frame_ref, av_frame_apply_cropping). The rectangle must lie inside the picture.
  func cropped(x: Int, y: Int, width: Int, height: Int) throws(FFmpegError) -> Frame {
    let view = try Frame()
    try check(av_frame_ref(view.pointer, pointer), "av_frame_ref")
    view.pointer.pointee.crop_left = x
    view.pointer.pointee.crop_top = y
    view.pointer.pointee.crop_right = max(0, self.width - x - width)
    view.pointer.pointee.crop_bottom = max(0, self.height - y - height)
    try check(av_frame_apply_cropping(view.pointer, Int32(AV_FRAME_CROP_UNALIGNED)), "av_frame_apply_cropping")
    return view
  }

  /// A new frame sharing this one's buffers and properties (av_frame_ref).
  func reference() throws(FFmpegError) -> Frame {
    let view = try Frame()
    try check(av_frame_ref(view.pointer, pointer), "av_frame_ref")
    return view
  }

  /// Whether this frame alone holds its buffers, so they may be written (av_frame_is_writable).
  var isWritable: Bool { av_frame_is_writable(pointer) != 0 }

  /// Drops the buffers, keeping the frame for reuse (av_frame_unref).
  func unref() { av_frame_unref(pointer) }

  /// Makes the buffers this frame's alone, copying if a decoder still shares them (av_frame_make_writable).
  func makeWritable() throws(FFmpegError) {
    try check(av_frame_make_writable(pointer), "av_frame_make_writable")
  }
}
