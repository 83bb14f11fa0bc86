import Foundation

/// A clip named on the command line: a file, optionally trimmed by a W3C Media Fragments time suffix
/// (`talk.mp4#t=12.5,1:40`, `#t=10`, `#t=,20`; an `npt:` prefix is allowed), played faster, slower or backwards
/// (`#t=10,20&speed=0.5`, `&speed=-1`), or one picture of it held (`#freeze=3,2`), fitted and with effects of its
/// own (`&fit=blur`, `&effect=grayscale&effect=blur=4`: the grammar of `--fit` and `--effect`). A name that really
/// contains `#t=` is given whole after `file:` (`file:take#t=1.mp4`), as the ffmpeg CLI's file protocol is.
public struct ClipReference: Sendable, Hashable {
  /// The file's path, without the fragment.
  public var path: String
  /// Where the clip starts in the file (nil: at its start).
  public var start: MediaTime?
  /// Where the clip ends in the file, excluded (nil: at its end).
  public var end: MediaTime?
  /// How fast and which way the range plays (`&speed=0.5`, `&speed=-1`).
  public var rate: PlaybackRate
  /// The picture at `freeze.start` held for `freeze.duration` instead of a range played (`#freeze=3,2`).
  public var freeze: TimeRange?
  /// A slow zoom over the clip's time (`&zoom=1,1.2`: from its fitted size to 1.2 times it).
  public var zoom: ClipZoom?
  /// How this clip fills the frame, instead of the command's `--fit` (`&fit=cover`).
  public var fit: FitMode?
  /// Effects on this clip's picture, after the command's `--effect`s, in order (`&effect=grayscale`).
  public var effects: [Effect] = []

  /// A reference to `path`, trimmed, played at `rate`, frozen or zoomed as given (by default: all of it, as recorded).
  public init(
    path: String, start: MediaTime? = nil, end: MediaTime? = nil, rate: PlaybackRate = .normal,
    freeze: TimeRange? = nil, zoom: ClipZoom? = nil
  ) {
    self.path = path
    self.start = start
    self.end = end
    self.rate = rate
    self.freeze = freeze
    self.zoom = zoom
  }

  /// Splits `text` into the path and its fragment. Nil when the fragment is malformed (`problem(parsing:)`
  /// says how); text without a fragment is all path.
  public init?(parsing text: String) {
    guard case .success(let reference) = Self.parse(text) else { return nil }
    self = reference
  }

  /// What is wrong with `text`'s fragment, in the user's words; nil when it parses.
  public static func problem(parsing text: String) -> String? {
    if case .failure(let problem) = parse(text) { return problem.message }
    return nil
  }

  struct Problem: Error {
    var message: String
  }

  /// The fragment's dimensions, joined by `&` as W3C Media Fragments join them: `t=START,END`, `speed=S`,
  /// `freeze=AT,DURATION`, `zoom=FROM,TO`, `fit=MODE`, `effect=NAME[=AMOUNT]` (the one dimension that may repeat).
  /// The fragment starts at the last `#` followed by one of them.
  static func parse(_ text: String) -> Result<ClipReference, Problem> {
    if text.hasPrefix(wholeNamePrefix) {
      return .success(ClipReference(path: String(text.dropFirst(wholeNamePrefix.count))))
    }
    let markers = dimensions.compactMap { text.range(of: "#\($0)=", options: .backwards)?.lowerBound }
    guard let marker = markers.max() else { return .success(ClipReference(path: text)) }
    guard marker > text.startIndex else {
      return .failure(
        Problem(message: "no file before the fragment (a file that is named so is given as file:NAME)"))
    }
    var reference = ClipReference(path: String(text[..<marker]))
    var seen = Set<String>()
    for dimension in text[text.index(after: marker)...].split(separator: "&", omittingEmptySubsequences: false) {
      let parts = dimension.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = String(parts[0])
      let value = parts.count == 2 ? String(parts[1]) : ""
      guard dimensions.contains(name), parts.count == 2 else {
        return .failure(
          Problem(
            message: "'\(dimension)' is not a fragment clipmerge knows (t=, speed=, freeze=, zoom=, fit=, effect=)"
              + NearMiss.suggestion(name, among: dimensions)))
      }
      guard seen.insert(name).inserted || name == "effect" else {
        return .failure(Problem(message: "\(name)= is given twice"))
      }
      switch name {
      case "t":
        guard let (start, end) = trim(value) else {
          // A part that is no time at all is named; otherwise the order is what is wrong.
          var fields = value.hasPrefix("npt:") ? String(value.dropFirst(4)) : value
          if fields.isEmpty { fields = "," }
          let bad = fields.split(separator: ",", omittingEmptySubsequences: true).first {
            MediaTime(parsing: String($0)) == nil
          }
          guard let bad else { return .failure(Problem(message: trimExpected)) }
          return .failure(
            Problem(
              message: "t=\(value): '\(bad)' is not a time: seconds (2.9, up to 12 digits and 9 decimals) or "
                + "[hh:]mm:ss[.frac]"))
        }
        reference.start = start
        reference.end = end
      case "speed":
        guard let rate = PlaybackRate(parsing: value) else {
          return .failure(Problem(message: "speed=\(value): expected \(PlaybackRate.allowed)"))
        }
        reference.rate = rate
      case "zoom":
        guard let zoom = ClipZoom(parsing: value) else {
          return .failure(Problem(message: "zoom=\(value): expected zoom=FROM,TO, two sizes from 0.25 to 8 (1,1.2)"))
        }
        reference.zoom = zoom
      case "fit":
        guard let fit = FitMode(rawValue: value) else {
          let names = FitMode.allCases.map(\.rawValue)
          return .failure(
            Problem(
              message: "fit=\(value): expected contain, cover, stretch or blur"
                + NearMiss.suggestion(value, among: names)))
        }
        reference.fit = fit
      case "effect":
        guard let effect = Effect(parsing: value) else {
          return .failure(Problem(message: "effect=\(value): \(Effect.problem(parsing: value))"))
        }
        reference.effects.append(effect)
      default:
        let fields = value.split(separator: ",", omittingEmptySubsequences: false)
        guard fields.count == 2, let at = MediaTime(parsing: String(fields[0])),
          let duration = MediaTime(parsing: String(fields[1])), duration > .zero
        else {
          return .failure(
            Problem(
              message:
                "freeze=\(value): expected freeze=AT,DURATION, the time of the picture and how long it shows (above 0)")
          )
        }
        reference.freeze = TimeRange(start: at, duration: duration)
      }
    }
    if reference.freeze != nil && (seen.contains("t") || seen.contains("speed")) {
      return .failure(Problem(message: "freeze= holds one picture: it goes without t= and speed="))
    }
    return .success(reference)
  }

  private static let dimensions = ["t", "speed", "freeze", "zoom", "fit", "effect"]
  private static let trimExpected = "expected FILE or FILE#t=START,END with START before END"

  /// `START,END`, `START`, `,END` (an `npt:` prefix allowed); nil when malformed or when END is not after START.
  private static func trim(_ text: String) -> (MediaTime?, MediaTime?)? {
    var fragment = text
    if fragment.hasPrefix("npt:") { fragment.removeFirst(4) }
    let parts = fragment.split(separator: ",", omittingEmptySubsequences: false)
    guard !fragment.isEmpty, parts.count <= 2 else { return nil }
    var start: MediaTime?
    var end: MediaTime?
    if !parts[0].isEmpty {
      guard let t = MediaTime(parsing: String(parts[0])) else { return nil }
      start = t
    }
    if parts.count == 2 && !parts[1].isEmpty {
      guard let t = MediaTime(parsing: String(parts[1])) else { return nil }
      end = t
    }
    if parts.count == 2 && parts[1].isEmpty && parts[0].isEmpty { return nil }
    // An end at or before the start (`#t=,0` ends where the clip's start is) shows nothing.
    if let end, end <= (start ?? .zero) { return nil }
    return (start, end)
  }

  /// What turns fragment parsing off: the rest is the file's name, whole.
  public static let wholeNamePrefix = "file:"

  /// Whether a trim is asked for.
  public var isTrimmed: Bool { start != nil || end != nil }

  /// Whether its pictures play as they were recorded (trimmed or not): no speed, no reversal, no freeze, no zoom,
  /// no effect of its own.
  public var playsAsRecorded: Bool { rate.isNormal && freeze == nil && zoom == nil && effects.isEmpty }
}
