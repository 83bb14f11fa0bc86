/// The still-image files `clipmerge frame` writes.
public enum ImageFormat: String, Sendable, CaseIterable {
  /// PNG (`.png`): lossless 8-bit RGB.
  case png
  /// JPEG (`.jpg`, `.jpeg`): full-range 4:2:0 at quality scale 2, close to lossless, a smaller file than PNG.
  case jpeg

  /// The format a file name's extension calls for (`frame.png`, `frame.jpg`), or nil.
  public init?(fileName: String) {
    switch fileName.split(separator: ".").last?.lowercased() {
    case "png": self = .png
    case "jpg", "jpeg": self = .jpeg
    default: return nil
    }
  }
}
