import ClipMergeKit

/// A clip that is a colour card: `color:NAME` (`color:navy#t=,2`: 2 s of navy), any colour the text colours
/// accept; it lasts as long as its trim says, or `--image-duration`.
enum ColorCardClip {
  static let prefix = "color:"

  /// The card's colour, nil for a clip that is not a card; a card of no colour clipmerge knows is a usage error.
  static func color(of path: String) throws(CommandFailure) -> Color? {
    guard path.hasPrefix(prefix) else { return nil }
    let name = String(path.dropFirst(prefix.count))
    guard let color = Color(parsing: name) else {
      throw CommandFailure(
        "'\(path)': expected color:COLOUR, a colour as #RRGGBB or a name (navy, white...)", code: .usage)
    }
    return color
  }
}
