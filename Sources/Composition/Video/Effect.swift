/// A picture effect on a layer (Core Image's filters, in AVFoundation's model), applied to the layer's picture
/// before it is placed, in the order the layer lists them. Each has one amount, constant, set at times or ramped.
public struct Effect: Sendable, Hashable {
  /// Which effect it is, each with its own range of amounts.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// Adds `amount` of the full luma range (-1...1): 0.1 brightens by a tenth.
    case brightness
    /// Scales luma about mid grey by `amount` (0...4): 1 leaves it, 1.2 is 20 % more contrast.
    case contrast
    /// Scales colour by `amount` (0...4): 0 is grey, 1 leaves it, 2 doubles it.
    case saturation
    /// Luma to the power 1 / `amount` (0.1...10): above 1 brightens the mid-tones.
    case gamma
    /// Removes `amount` (0...1) of the colour: 1 is black and white.
    case grayscale
    /// Tones toward sepia by `amount` (0...1).
    case sepia
    /// A blur reaching `amount` render pixels (0...100) each way: three box passes, close to a Gaussian.
    case blur
    /// Unsharp masking with `amount` (0...5) of the detail a one-pixel blur removes.
    case sharpen
    /// Darkens toward the corners by `amount` (0...1): the corners lose that share of their light.
    case vignette
    /// A colour lookup table from a `.cube` file, mixed in by `amount` (0...1).
    case lut

    /// The amounts the effect takes.
    public var range: ClosedRange<Double> {
      switch self {
      case .brightness: return -1...1
      case .contrast, .saturation: return 0...4
      case .gamma: return 0.1...10
      case .grayscale, .sepia, .vignette, .lut: return 0...1
      case .blur: return 0...100
      case .sharpen: return 0...5
      }
    }

    /// The amount when none is given (`--effect grayscale`).
    public var defaultAmount: Double {
      switch self {
      case .brightness: return 0.1
      case .contrast: return 1.2
      case .saturation: return 1.5
      case .gamma: return 1.5
      case .grayscale, .sepia, .lut: return 1
      case .blur: return 4
      case .sharpen: return 1
      case .vignette: return 0.5
      }
    }

    /// The amount at which the effect changes nothing.
    public var neutralAmount: Double {
      switch self {
      case .brightness, .grayscale, .sepia, .blur, .sharpen, .vignette, .lut: return 0
      case .contrast, .saturation, .gamma: return 1
      }
    }

    /// The names, for messages.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
  }

  /// Which effect is applied.
  public var kind: Kind
  /// The effect's strength over composition time, within `kind.range`.
  public var amount: Keyframed<Double>
  /// The `.cube` file of a `lut`.
  public var file: String?

  /// A `kind` effect at `amount` (nil: the kind's default amount, constant), reading `file` for a `lut`.
  public init(_ kind: Kind, amount: Keyframed<Double>? = nil, file: String? = nil) {
    self.kind = kind
    self.amount = amount ?? Keyframed(kind.defaultAmount)
    self.file = file
  }

  /// Parses the command line's `NAME`, `NAME=AMOUNT` or `lut=FILE[,AMOUNT]`.
  public init?(parsing text: String) {
    let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
    guard let first = parts.first, let kind = Kind(rawValue: first) else { return nil }
    guard parts.count == 2 else {
      if kind == .lut { return nil }
      self.init(kind)
      return
    }
    var value = parts[1]
    var file: String?
    if kind == .lut {
      // The file, then an optional ",AMOUNT" (a name with a comma is given without an amount only when the part
      // after the last comma is not a number).
      if let comma = value.lastIndex(of: ","), Double(value[value.index(after: comma)...]) != nil {
        file = String(value[..<comma])
        value = String(value[value.index(after: comma)...])
      } else {
        file = value
        value = "1"
      }
      guard let file, !file.isEmpty else { return nil }
    }
    guard let amount = Double(value), amount.isFinite, kind.range.contains(amount) else { return nil }
    self.init(kind, amount: Keyframed(amount), file: file)
  }

  /// What `--effect` expects, for messages.
  public static let syntax =
    "NAME or NAME=AMOUNT (\(Kind.names); amounts in their ranges) or lut=FILE.cube[,AMOUNT]"

  /// Why `text` is not an effect, in the user's words: the amounts a known effect takes, else what is expected.
  public static func problem(parsing text: String) -> String {
    let parts = text.split(separator: "=", maxSplits: 1)
    guard let name = parts.first, let kind = Kind(rawValue: String(name)) else {
      let names = Kind.allCases.map(\.rawValue)
      return "expected \(syntax), got '\(text)'\(NearMiss.suggestion(String(parts.first ?? ""), among: names))"
    }
    let amounts = "\(number(kind.range.lowerBound)) to \(number(kind.range.upperBound))"
    if kind == .lut { return "expected lut=FILE.cube or lut=FILE.cube,AMOUNT (\(amounts)), got '\(text)'" }
    let unit = kind == .blur ? " pixels" : ""
    return "\(kind.rawValue) takes \(amounts)\(unit), got '\(text)'"
  }

  /// A range's end as written: 100, 0.1.
  private static func number(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }
}
