import Composition

/// Options for the output picture that every rendering command shares: size, rate, background.
struct FrameOptions {
  var size: PixelSize?
  var frameDuration: MediaTime?
  var background: Color?

  static func specs(sizeDefault: String, rateDefault: String) -> [OptionSpec] {
    [
      OptionSpec("size", value: "WxH", help: "Render size, even numbers (default: \(sizeDefault))."),
      OptionSpec("fps", value: "R", help: "Output frame rate: 30, 29.97 or 30000/1001 (default: \(rateDefault))."),
      OptionSpec("background", value: "COLOR", help: "Colour where no picture is: #RRGGBB or a name (default black)."),
    ]
  }

  init(_ parsed: ParsedArguments) throws(UsageError) {
    size = try parsed.value("size", expected: "WxH with even sides from 2 to 16384", ValueParsers.renderSize)
    frameDuration = try parsed.value("fps", expected: "a frame rate from 1 to 1000 (30, 29.97, 30000/1001)") { text in
      ValueParsers.frameDuration(text).flatMap {
        $0 >= MediaTime.ticks(1, rate: 1000) && $0 <= MediaTime(seconds: 1) ? $0 : nil
      }
    }
    background = try parsed.value("background", expected: "a colour (#RRGGBB or a name)", Color.init(parsing:))
  }
}
