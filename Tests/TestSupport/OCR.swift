import Engine
import Foundation

/// Reads the words in a picture with tesseract (Debian's tesseract-ocr), as a check that rendered text says
/// what it should. The picture's luma is doubled in size and inverted (dark text on light reads best).
public enum OCR {
  /// The words tesseract reads in `picture`, one line of text per line.
  package static func read(_ picture: PictureSample) throws -> String {
    let width = picture.width * 2
    let height = picture.height * 2
    var pgm = Data("P5\n\(width) \(height)\n255\n".utf8)
    var pixels = [UInt8](repeating: 0, count: width * height)
    for y in 0..<height {
      for x in 0..<width {
        pixels[y * width + x] = 255 - UInt8(clamping: picture.yuv(x: x / 2, y: y / 2)?.y ?? 0)
      }
    }
    pgm.append(contentsOf: pixels)
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("clipmerge-ocr-\(UUID()).pgm")
    try pgm.write(to: path)
    defer { try? FileManager.default.removeItem(at: path) }
    let result = try ClipmergeProcess.capture(
      URL(fileURLWithPath: "/usr/bin/env"), ["tesseract", path.path, "-", "--psm", "6"])
    return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
