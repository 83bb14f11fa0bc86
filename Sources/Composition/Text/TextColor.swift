/// A colour with an opacity, for text, outlines, shadows and boxes.
public struct TextColor: Sendable, Hashable, CustomStringConvertible {
  /// The colour, without its opacity.
  public var color: Color
  /// 0 (transparent) to 1 (opaque).
  public var alpha: Double

  /// `color` at opacity `alpha`, limited to 0 to 1 (opaque by default).
  public init(_ color: Color, alpha: Double = 1) {
    self.color = color
    self.alpha = min(max(alpha, 0), 1)
  }

  /// Opaque white.
  public static let white = TextColor(Color(red: 255, green: 255, blue: 255))
  /// Opaque black.
  public static let black = TextColor(.black)

  /// Parses a colour (`#RRGGBB` or a name), `#RRGGBBAA`, or either with `@ALPHA` (`white@0.6`, `#000000@0.5`).
  public init?(parsing text: String) {
    let parts = text.split(separator: "@", omittingEmptySubsequences: false)
    guard parts.count <= 2 else { return nil }
    var alpha = 1.0
    if parts.count == 2 {
      guard let a = Double(parts[1]), (0...1).contains(a) else { return nil }
      alpha = a
    }
    let base = String(parts[0])
    if let color = Color(parsing: base) {
      self.init(color, alpha: alpha)
      return
    }
    let hex = base.hasPrefix("#") ? String(base.dropFirst()) : base
    guard parts.count == 1, hex.count == 8, let rgb = Color(parsing: String(hex.prefix(6))),
      let a = UInt8(hex.suffix(2), radix: 16)
    else { return nil }
    self.init(rgb, alpha: Double(a) / 255)
  }

  /// `#rrggbb`, followed by `@ALPHA` when not opaque (`#000000@0.5`): text `init(parsing:)` reads back.
  public var description: String {
    alpha >= 1 ? color.description : "\(color.description)@\(alpha)"
  }
}
