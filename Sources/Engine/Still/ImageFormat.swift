/// The still-image files `clipmerge frame` writes.
public enum ImageFormat: String, Sendable, CaseIterable {
  case png, jpeg

  /// The format a file name's extension calls for (`frame.png`, `frame.jpg`), or nil.
  public init?(fileName: String) {
    switch fileName.split(separator: ".").last?.lowercased() {
    case "png": self = .png
    case "jpg", "jpeg": self = .jpeg
    default: return nil
    }
  }
}
