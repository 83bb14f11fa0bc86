/// An 8-bit sRGB colour.
public struct Color: Sendable, Hashable, CustomStringConvertible {
  public var red, green, blue: UInt8

  public init(red: UInt8, green: UInt8, blue: UInt8) {
    (self.red, self.green, self.blue) = (red, green, blue)
  }

  public static let black = Color(red: 0, green: 0, blue: 0)

  /// Parses `#RRGGBB`, `RRGGBB`, `0xRRGGBB` or a name (black, white, gray/grey, red, green, blue, yellow,
  /// orange, cyan, magenta, purple; CSS's values).
  public init?(parsing text: String) {
    let named: [String: Color] = [
      "black": .black, "white": Color(red: 255, green: 255, blue: 255),
      "gray": Color(red: 128, green: 128, blue: 128), "red": Color(red: 255, green: 0, blue: 0),
      "green": Color(red: 0, green: 128, blue: 0), "blue": Color(red: 0, green: 0, blue: 255),
      "grey": Color(red: 128, green: 128, blue: 128), "yellow": Color(red: 255, green: 255, blue: 0),
      "orange": Color(red: 255, green: 165, blue: 0), "cyan": Color(red: 0, green: 255, blue: 255),
      "magenta": Color(red: 255, green: 0, blue: 255), "purple": Color(red: 128, green: 0, blue: 128),
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

  public var description: String {
    "#" + [red, green, blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
  }
}
