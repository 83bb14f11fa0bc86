internal import CFFmpeg
import Composition
import Foundation

/// Image files as sources: which files are single pictures, and how a phone's JPEG is turned to be upright.
enum StillPicture {
  /// Whether `input` is an image file read by one of FFmpeg's image demuxers (`image2`, `png_pipe`,
  /// `jpeg_pipe`, `webp_pipe`, `bmp_pipe`, `tiff_pipe`, ...): one picture, no length of its own. Animated GIF
  /// and APNG have demuxers of their own and play as video at their own timing.
  static func isImage(_ input: InputFile) -> Bool {
    let name = input.containerName
    return name == "image2" || name.hasSuffix("_pipe")
  }

  /// Decodes the picture (a still that cannot be decoded is refused now, not skipped at render time) and returns
  /// the orientation a JPEG's EXIF Orientation tag asks for (a phone stores the picture as the sensor saw it and
  /// says how to turn it), or nil when there is none. FFmpeg's JPEG decoder gives the EXIF tags as the decoded
  /// picture's metadata; it does not apply them.
  static func exifOrientation(path: String) throws(EngineError) -> Orientation? {
    let decoder = try PictureDecoder(path: path, start: .zero, damage: DamageLog(strict: true))
    let decoded: SourcePicture?
    do { decoded = try decoder.next() } catch {
      throw .invalidInput(path: path, reason: "the picture cannot be decoded (damaged or cut short)")
    }
    guard let picture = decoded else {
      throw .invalidInput(path: path, reason: "the picture cannot be decoded (damaged or cut short)")
    }
    guard let entry = av_dict_get(picture.frame.pointer.pointee.metadata, "Orientation", nil, 0),
      // FFmpeg writes the number right-aligned ("    6").
      let value = Int(String(cString: entry.pointee.value).trimmingCharacters(in: .whitespaces))
    else { return nil }
    return orientation(exif: value)
  }

  /// EXIF orientation 1-8 as a mirror and clockwise quarter turns (TIFF 6.0 / EXIF 2.3 tag 0x0112): 2 mirrors,
  /// 3 turns half way, 4 mirrors and turns half way, 5 mirrors and turns 270° (transpose), 6 turns 90°, 7 mirrors
  /// and turns 90° (transverse), 8 turns 270°.
  /// The size a PNG's header (IHDR) declares, read from its first 24 bytes; nil for anything else.
  static func declaredPNGSize(path: String) -> (width: Int, height: Int)? {
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? handle.close() }
    guard let head = try? handle.read(upToCount: 24), head.count == 24,
      Array(head.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A],
      Array(head[12..<16]) == Array("IHDR".utf8)
    else { return nil }
    let word = { (at: Int) in head[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
    return (word(16), word(20))
  }

  static func orientation(exif value: Int) -> Orientation? {
    switch value {
    case 1: return .upright
    case 2: return Orientation(quarterTurns: 0, mirrored: true)
    case 3: return Orientation(quarterTurns: 2)
    case 4: return Orientation(quarterTurns: 2, mirrored: true)
    case 5: return Orientation(quarterTurns: 3, mirrored: true)
    case 6: return Orientation(quarterTurns: 1)
    case 7: return Orientation(quarterTurns: 1, mirrored: true)
    case 8: return Orientation(quarterTurns: 3)
    default: return nil
    }
  }
}
