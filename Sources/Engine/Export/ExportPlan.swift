import Composition

/// How an export is made and why, decided once by `Exporter` and read by everything that speaks of it: the
/// notes, `--dry-run`, `--report` and the render itself.
public struct ExportPlan: Sendable {
  /// The way the output is written.
  public enum Method: String, Sendable {
    /// Every frame rendered and encoded.
    case full
    /// The groups of pictures shown unchanged copied bit for bit, the rest rendered and re-encoded.
    case smart
    /// An animated GIF: every frame rendered, then quantized to palettes in a second pass.
    case gif
  }

  /// Why the method was chosen.
  public enum Reason: Sendable, Equatable {
    /// A smart render was asked for and its plan copies frames.
    case smartAsked
    /// The plan copies at least `ExportPlan.smartByDefault` per cent of the frames, and nothing rules a smart
    /// render out.
    case mostIsCopied
    /// The output is a GIF.
    case gifOutput
    /// The composition is not a join or a trim of clips, where a plan is worth its packet scan (an overlay, a
    /// composed spec), and no smart render was asked for.
    case notAJoin
    /// The clips can be joined as they are, by a copy join: cheaper still than a smart render.
    case joinableByCopy
    /// A smart render was turned off.
    case smartTurnedOff
    /// Nothing can be copied: why.
    case nothingToCopy(String)
    /// The plan copies too little for a smart render unasked.
    case tooLittleCopied
    /// The video encoding was chosen by the caller, so a smart render happens only when asked.
    case encodingChosen
    /// Damage must end the render, and the copied groups are not decoded.
    case strict
    /// The output streams to standard output.
    case standardOutput
    /// The smart render's output did not decode where it was spliced (`SmartCheck`): why. It was rendered in
    /// full instead.
    case smartOutputUndecodable(String)
  }

  /// The per cent of the frames a plan must copy for a render to be smart unasked: most of the output is then
  /// the source's own pictures, and the rest is encoded at a CRF matched to the source (docs/commands.md, "Smart
  /// render by default").
  public static let smartByDefault = 50

  /// How the output is written: every frame, smart, or as a GIF.
  public var method: Method
  /// Why that method was chosen.
  public var reason: Reason
  /// What the smart plan copies (a smart render) or would copy (a render whose plan was made and not taken).
  public var smart: SmartExporter.Summary?
  /// What becomes of HDR sources in a full render, in words: `kept: arib-std-b67, bt2020, 10-bit` or
  /// `mapped to SDR: why`; nil when there is none (or the render is smart, which copies their pictures as they
  /// are and composes the rest at 10 bits).
  public var hdr: String?
  /// Whether a full render keeps HDR: frames are 10-bit, SDR pictures placed into HDR.
  public var keepsHDR = false
}
