/// How each kind of value is written, on the command line and in a spec alike: one parser per kind, and the
/// words an error uses for it ("expected …"), so the same mistake gets the same message wherever it is made.
public enum ValueSyntax {
  /// A kind of value: what a mistake is told to expect, and the parser.
  public struct Kind<Value>: Sendable {
    /// What an error message says was expected ("a time above zero (…)").
    public let expected: String
    /// Reads a value of this kind from text; nil when the text is not one.
    public let parse: @Sendable (String) -> Value?

    /// A kind described to the user as `expected`, read by `parse`.
    public init(expected: String, parse: @escaping @Sendable (String) -> Value?) {
      self.expected = expected
      self.parse = parse
    }
  }

  /// A time: seconds (2.9), `[hh:]mm:ss[.frac]` or a rational (1001/30000); exact.
  public static let time = Kind<MediaTime>(
    expected: "a time (seconds, [hh:]mm:ss[.frac] or a rational such as 1001/30000)",
    parse: { MediaTime(parsing: $0) })

  /// A time above zero (a length).
  public static let length = Kind<MediaTime>(
    expected: "a time above zero (seconds, [hh:]mm:ss[.frac] or a rational such as 1001/30000)",
    parse: { MediaTime(parsing: $0).flatMap { $0 > .zero ? $0 : nil } })

  /// A frame rate from 1 to 1000 a second (30, 29.97, 30000/1001), as the duration of one frame.
  public static let frameRate = Kind<MediaTime>(
    expected: "a frame rate from 1 to 1000 (30, 29.97, 30000/1001)",
    parse: { text in
      guard let rate = MediaTime(parsing: text), rate > .zero, let timescale = Int32(exactly: rate.value) else {
        return nil
      }
      let frame = MediaTime(value: Int64(rate.timescale), timescale: timescale)
      return frame.flatMap { $0 >= MediaTime.ticks(1, rate: 1000) && $0 <= MediaTime(seconds: 1) ? $0 : nil }
    })

  /// An opaque colour: `#RRGGBB` or a name.
  public static let color = Kind<Color>(expected: "a colour (#RRGGBB or a name)", parse: { Color(parsing: $0) })

  /// A colour with an opacity if wanted, for text: `#RRGGBB`, a name, `white@0.8`.
  public static let textColor = Kind<TextColor>(
    expected: "a colour (#RRGGBB or a name) with an opacity if wanted (white@0.8)",
    parse: { TextColor(parsing: $0) })

  /// A render size `WxH`, even sides from 2 to 16384 (4:2:0 needs even sides).
  public static let renderSize = Kind<PixelSize>(
    expected: "WxH with even sides from 2 to \(Composition.maximumRenderSide) (1280x720)",
    parse: { text in
      guard let size = PixelSize(parsing: text), size.width % 2 == 0, size.height % 2 == 0,
        (2...Composition.maximumRenderSide).contains(size.width),
        (2...Composition.maximumRenderSide).contains(size.height)
      else { return nil }
      return size
    })

  /// Where text goes in the frame: one of nine named places.
  public static let textPosition = Kind<TextPosition>(
    expected: "one of " + TextPosition.allCases.map(\.rawValue).joined(separator: ", "),
    parse: { TextPosition(rawValue: $0) })

  /// A text size: pixels (48) or a share of the frame's height (5%).
  public static let textSize = Kind<TextStyle.Size>(
    expected: "pixels (48) or a share of the frame's height (5%)", parse: { TextStyle.Size(parsing: $0) })
}
