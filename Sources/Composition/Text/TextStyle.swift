/// How text looks: font, size, weight, colours, outline, shadow, an optional box behind it, where it sits and how
/// wide its lines may run. The defaults are a readable caption: white, a dark outline, bottom centre, a
/// twentieth of the frame height.
public struct TextStyle: Sendable, Hashable {
  /// The size of text: whole pixels of the output, or a fraction of the output's height.
  public enum Size: Sendable, Hashable, CustomStringConvertible {
    /// A fixed size in pixels of the output (`48` or `48px`), whatever the frame's height.
    case pixels(Double)
    /// A share of the output's height (`5%` is 0.05), so the text grows and shrinks with the frame.
    case fractionOfHeight(Double)

    /// Parses `48` or `48px` (pixels) or `5%` (of the frame height).
    public init?(parsing text: String) {
      if text.hasSuffix("%"), let p = Double(text.dropLast()), p > 0, p <= 100 {
        self = .fractionOfHeight(p / 100)
      } else if let px = Double(text.hasSuffix("px") ? String(text.dropLast(2)) : text), px >= 1, px <= 2000 {
        self = .pixels(px)
      } else {
        return nil
      }
    }

    /// The size in pixels for a frame `height` pixels high.
    public func pixels(height: Int) -> Double {
      switch self {
      case .pixels(let p): return p
      case .fractionOfHeight(let f): return f * Double(height)
      }
    }

    /// The size as text `init(parsing:)` reads back: `48.0px` or `5%`.
    public var description: String {
      switch self {
      case .pixels(let p): return "\(p)px"
      case .fractionOfHeight(let f):
        let percent = (f * 100 * 1_000_000).rounded() / 1_000_000
        return percent == percent.rounded() ? "\(Int(percent))%" : "\(percent)%"
      }
    }
  }

  /// The family name as fontconfig knows it (`DejaVu Sans`, `Liberation Serif`); a family that is not installed
  /// falls back to the default with a warning.
  public var font: String = TextStyle.defaultFont
  /// The text's size (a twentieth of the frame height by default).
  public var size: Size = .fractionOfHeight(1.0 / 20)
  /// Whether the text is bold.
  public var bold = false
  /// Whether the text is italic.
  public var italic = false
  /// The colour of the letters (white by default).
  public var color: TextColor = .white
  /// The outline's width in pixels; nil: a twelfth of the size.
  public var outline: Double?
  /// The outline's colour (black, nearly opaque, by default).
  public var outlineColor = TextColor(.black, alpha: 0.9)
  /// The shadow's offset in pixels (0: none).
  public var shadow: Double = 0
  /// The shadow's colour (black, half transparent, by default).
  public var shadowColor = TextColor(.black, alpha: 0.5)
  /// A box behind the text (instead of an outline), with `boxPadding` pixels around it.
  public var box: TextColor?
  /// The pixels between the text and the edges of its box; nil: a quarter of the size.
  public var boxPadding: Double?
  /// Where the text sits in the frame (bottom centre by default).
  public var position: TextPosition = .bottom
  /// Pixels between the text and the frame's edges; nil: a twentieth of the frame height.
  public var margin: Double?
  /// The widest a line may run, as a fraction of the frame's width; longer lines wrap.
  public var wrapWidth: Double = 0.9

  /// The font used when none is named.
  public static let defaultFont = "DejaVu Sans"

  /// The default style: white with a dark outline, bottom centre, a twentieth of the frame height.
  public init() {}
}
