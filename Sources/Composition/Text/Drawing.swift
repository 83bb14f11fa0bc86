/// A picture clipmerge draws itself rather than reads from a file: a title or caption, or a subtitle file's cues
/// (its path is the source's), or a colour card. Text is drawn at the render size, with alpha, by a text engine
/// (libass).
public enum Drawing: Sendable, Hashable {
  /// Text over the whole of its segment.
  case text(String, TextStyle)
  /// The cues of a subtitle file (SRT, WebVTT, ASS/SSA), timed on the output's timeline. `style` applies to SRT
  /// and WebVTT; ASS files keep their own styles.
  case subtitles(TextStyle)
  /// A card of one opaque colour filling the source's picture (`color:navy` as a clip).
  case color(Color)
}
