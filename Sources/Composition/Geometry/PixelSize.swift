/// A size in whole pixels.
public struct PixelSize: Sendable, Hashable, CustomStringConvertible {
  /// The number of pixels across.
  public var width: Int
  /// The number of pixels down.
  public var height: Int

  /// A size of `width` by `height` pixels.
  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// Parses `WxH` (`1280x720`); nil unless both are positive integers.
  public init?(parsing text: String) {
    let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w > 0, h > 0 else { return nil }
    self.init(width: w, height: h)
  }

  /// The size as `WxH` (`1280x720`).
  public var description: String { "\(width)x\(height)" }
}
