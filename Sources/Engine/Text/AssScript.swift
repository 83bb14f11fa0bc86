import Composition
import Foundation

/// ASS scripts for libass: a header with one style made from a `TextStyle` at a frame size, and a title's text
/// as a single event over all time.
enum AssScript {
  /// The `[Script Info]` and `[V4+ Styles]` sections, and the `[Events]` format line, for `style` in a
  /// `width`×`height` frame (one script pixel is one output pixel).
  static func header(_ style: TextStyle, width: Int, height: Int) -> String {
    let size = style.size.pixels(height: height)
    let margin = style.margin ?? Double(height) / 20
    let wrap = style.wrapWidth * Double(width)
    let side = max(margin, Double(width) - margin - wrap)
    let (left, right): (Double, Double)
    switch style.position {
    case .topLeft, .left, .bottomLeft: (left, right) = (margin, side)
    case .topRight, .right, .bottomRight: (left, right) = (side, margin)
    default: (left, right) = (max(margin, (Double(width) - wrap) / 2), max(margin, (Double(width) - wrap) / 2))
    }
    // With a box, ASS's "opaque box" border style: the outline colour fills a box the outline width around it.
    let boxed = style.box != nil
    let outline = boxed ? (style.boxPadding ?? size / 4) : (style.outline ?? max(1, size / 12))
    let outlineColor = style.box ?? style.outlineColor
    let fields: [String] = [
      "Default", style.font, number(size), colour(style.color), colour(style.color), colour(outlineColor),
      colour(style.shadowColor), style.bold ? "-1" : "0", style.italic ? "-1" : "0", "0", "0", "100", "100", "0",
      "0", boxed ? "3" : "1", number(outline), number(style.shadow), "\(style.position.keypad)",
      "\(Int(left.rounded()))", "\(Int(right.rounded()))", "\(Int(margin.rounded()))", "-1",
    ]
    return """
      [Script Info]
      ScriptType: v4.00+
      PlayResX: \(width)
      PlayResY: \(height)
      ScaledBorderAndShadow: yes
      WrapStyle: 0
      YCbCr Matrix: None

      [V4+ Styles]
      Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, \
      Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, \
      MarginR, MarginV, Encoding
      Style: \(fields.joined(separator: ","))

      [Events]
      Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text

      """
  }

  /// A whole script showing `text` in `style` from the start to the end of any output.
  static func title(_ text: String, style: TextStyle, width: Int, height: Int) -> String {
    header(style, width: width, height: height)
      + "Dialogue: 0,0:00:00.00,99:59:59.99,Default,,0,0,0,,\(escaped(text))\n"
  }

  /// `text` as ASS event text: line breaks as `\N`, braces and backslash sequences shown as written (a word
  /// joiner after a backslash keeps `\N` in the text from breaking the line).
  static func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "\r\n", with: "\n")
      .replacingOccurrences(of: "\\", with: "\\\u{2060}")
      .replacingOccurrences(of: "{", with: "\\{").replacingOccurrences(of: "}", with: "\\}")
      .replacingOccurrences(of: "\n", with: "\\N")
  }

  /// `&HAABBGGRR`, AA counting transparency.
  static func colour(_ c: TextColor) -> String {
    let transparency = UInt8((255 * (1 - c.alpha)).rounded())
    return String(format: "&H%02X%02X%02X%02X", transparency, c.color.blue, c.color.green, c.color.red)
  }

  static func number(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(format: "%.2f", value)
  }
}
