/// An 8-bit sRGB colour.
public struct Color: Sendable, Hashable, CustomStringConvertible {
  /// The channels, 0 to 255 each.
  public var red, green, blue: UInt8

  /// The colour of the given channels.
  public init(red: UInt8, green: UInt8, blue: UInt8) {
    (self.red, self.green, self.blue) = (red, green, blue)
  }

  /// Black: every channel 0.
  public static let black = Color(red: 0, green: 0, blue: 0)

  /// Parses `#RRGGBB`, `RRGGBB`, `0xRRGGBB` or a name (black, white, gray/grey, red, green, blue, yellow,
  /// orange, cyan, magenta, purple, navy, teal, maroon, olive, lime, silver, pink, brown, gold, indigo, crimson,
  /// coral, beige, skyblue, darkblue, darkgreen, darkred, darkgray, lightgray; CSS's values).
  public init?(parsing text: String) {
    let named: [String: Color] = [
      "black": .black, "white": Color(red: 255, green: 255, blue: 255),
      "gray": Color(red: 128, green: 128, blue: 128), "red": Color(red: 255, green: 0, blue: 0),
      "green": Color(red: 0, green: 128, blue: 0), "blue": Color(red: 0, green: 0, blue: 255),
      "grey": Color(red: 128, green: 128, blue: 128), "yellow": Color(red: 255, green: 255, blue: 0),
      "orange": Color(red: 255, green: 165, blue: 0), "cyan": Color(red: 0, green: 255, blue: 255),
      "magenta": Color(red: 255, green: 0, blue: 255), "purple": Color(red: 128, green: 0, blue: 128),
      "navy": Color(red: 0, green: 0, blue: 128), "teal": Color(red: 0, green: 128, blue: 128),
      "maroon": Color(red: 128, green: 0, blue: 0), "olive": Color(red: 128, green: 128, blue: 0),
      "lime": Color(red: 0, green: 255, blue: 0), "silver": Color(red: 192, green: 192, blue: 192),
      "pink": Color(red: 255, green: 192, blue: 203), "brown": Color(red: 165, green: 42, blue: 42),
      "gold": Color(red: 255, green: 215, blue: 0), "indigo": Color(red: 75, green: 0, blue: 130),
      "crimson": Color(red: 220, green: 20, blue: 60), "coral": Color(red: 255, green: 127, blue: 80),
      "beige": Color(red: 245, green: 245, blue: 220), "skyblue": Color(red: 135, green: 206, blue: 235),
      "darkblue": Color(red: 0, green: 0, blue: 139), "darkgreen": Color(red: 0, green: 100, blue: 0),
      "darkred": Color(red: 139, green: 0, blue: 0), "darkgray": Color(red: 169, green: 169, blue: 169),
      "darkgrey": Color(red: 169, green: 169, blue: 169), "lightgray": Color(red: 211, green: 211, blue: 211),
      "lightgrey": Color(red: 211, green: 211, blue: 211),
    ]
    let lower = text.lowercased()
    if let color = named[lower] {
      self = color
      return
    }
    var hex = Substring(lower)
    if hex.hasPrefix("#") { hex = hex.dropFirst() } else if hex.hasPrefix("0x") { hex = hex.dropFirst(2) }
    guard hex.count == 6, let v = UInt32(hex, radix: 16) else { return nil }
    self.init(red: UInt8(v >> 16), green: UInt8((v >> 8) & 0xFF), blue: UInt8(v & 0xFF))
  }

  /// The colour as `#rrggbb`, in lower-case hex (`#ff8000`).
  public var description: String {
    "#" + [red, green, blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
  }
}
