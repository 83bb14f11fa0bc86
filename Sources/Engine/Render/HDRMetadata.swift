internal import CFFmpeg
import Composition

/// The HDR10 metadata a source's pictures carry in their SEI (the mastering display's colours and light, the
/// content's light levels), which x265 must be told to write again (FFmpeg 5.1's libx265 wrapper does not pass
/// frames' side data on, and MP4 holds no copy of it outside the pictures), and which Matroska and WebM carry in
/// the track (VP9 and AV1 pictures hold none).
enum HDRMetadata {
  /// The first picture of `path`, which carries its metadata, if any.
  static func firstPicture(path: String) -> Frame? {
    guard let reader = try? VideoReader(path: path, start: .zero, mapsHDR: false),
      let picture = try? reader.nextPicture()
    else { return nil }
    return picture.frame
  }

  /// x265's `master-display` and `max-cll` parameters for the first picture of `path`; nil when it carries none.
  static func x265Parameters(path: String) -> String? { firstPicture(path: path).flatMap(x265Parameters(of:)) }

  /// x265's `master-display` and `max-cll` parameters for what `picture` carries; nil when it carries none.
  static func x265Parameters(of picture: Frame) -> String? {
    var buffer = [CChar](repeating: 0, count: 256)
    guard cm_frame_x265_hdr_params(picture.pointer, &buffer, buffer.count) > 0 else { return nil }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
