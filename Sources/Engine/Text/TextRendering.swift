internal import CLibass
import Composition

/// What the command line checks of text before rendering: which installed font a family resolves to, and
/// whether a subtitle file reads.
public enum TextRendering {
  /// The family fontconfig picks for `family` (itself when installed; the best substitute otherwise, the
  /// default font when nothing is close), from a configuration of its own that is freed after, rather than
  /// fontconfig's global one, which lives until exit (FcInitLoadConfigAndFonts, FcNameParse,
  /// FcConfigSubstitute, FcDefaultSubstitute, FcFontMatch, FcConfigDestroy).
  public static func installedFamily(for family: String) -> String {
    guard let config = FcInitLoadConfigAndFonts() else { return family }
    defer { FcConfigDestroy(config) }
    guard let pattern = FcNameParse(family) else { return family }
    defer { FcPatternDestroy(pattern) }
    FcConfigSubstitute(config, pattern, FcMatchPattern)
    FcDefaultSubstitute(pattern)
    var result = FcResultNoMatch
    guard let match = FcFontMatch(config, pattern, &result) else { return family }
    defer { FcPatternDestroy(match) }
    var name: UnsafeMutablePointer<FcChar8>?
    guard FcPatternGetString(match, FC_FAMILY, 0, &name) == FcResultMatch, let name else { return family }
    return String(cString: name)
  }

  /// Reads every cue of a subtitle file; throws naming the file (and the line) when it does not parse.
  public static func checkSubtitles(path: String) throws(EngineError) {
    _ = try SubtitleFile(path: path)
  }
}
