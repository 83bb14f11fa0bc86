internal import CFFmpeg

/// Owns one swscale context converting pictures of one size and format to another (sws_getContext /
/// sws_freeContext). Colour matrix and range conversions are set once at creation.
final class Scaler {
  struct Key: Hashable {
    var sourceWidth, sourceHeight: Int
    var sourceFormat: Int32
    var sourceMatrix: ColorMatrix
    var sourceFullRange: Bool
    var targetWidth, targetHeight: Int
    var targetMatrix: ColorMatrix
    var targetFormat: Int32 = AV_PIX_FMT_YUV420P.rawValue
    /// Full-range Y'CbCr (JPEG's) instead of limited.
    var targetFullRange = false
  }

  let key: Key
  private let context: OpaquePointer

  /// A scaler to `key.targetMatrix` and `key.targetFormat` (8-bit 4:2:0 limited range unless asked): bicubic,
  /// or bilinear when the width shrinks more than twofold. swscale widens the kernel with the shrink ratio, so a
  /// bilinear shrink is a tent filter with half the taps of a bicubic one and no visible difference at thumbnail
  /// size (1920 to 256 wide: about 16 taps an output pixel instead of 31).
  init(_ key: Key) throws(FFmpegError) {
    guard
      let ctx = sws_getContext(
        Int32(key.sourceWidth), Int32(key.sourceHeight), AVPixelFormat(rawValue: key.sourceFormat),
        Int32(key.targetWidth), Int32(key.targetHeight), AVPixelFormat(rawValue: key.targetFormat),
        key.targetWidth * 2 < key.sourceWidth ? SWS_BILINEAR : SWS_BICUBIC,
        nil, nil, nil)
    else { throw FFmpegError(function: "sws_getContext", code: cm_averror_invaliddata()) }
    self.key = key
    context = ctx
    let isYUV = cm_pix_fmt_flags(AVPixelFormat(rawValue: key.sourceFormat)) & Int32(AV_PIX_FMT_FLAG_RGB) == 0
    let sourceTable = sws_getCoefficients(isYUV ? key.sourceMatrix.swsColorspace : SWS_CS_DEFAULT)
    let targetTable = sws_getCoefficients(key.targetMatrix.swsColorspace)
    sws_setColorspaceDetails(
      ctx, sourceTable, key.sourceFullRange ? 1 : 0, targetTable, key.targetFullRange ? 1 : 0, 0, 1 << 16, 1 << 16)
  }

  deinit {
    sws_freeContext(context)
  }

  /// Converts `source` into `target`, whose buffers must match `key`'s target size (sws_scale_frame).
  func scale(_ source: Frame, into target: Frame) throws(FFmpegError) {
    try check(sws_scale_frame(context, target.pointer, source.pointer), "sws_scale_frame")
  }
}
