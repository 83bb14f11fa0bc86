import Foundation

/// A clip named on the command line: a file, optionally trimmed by a W3C Media Fragments time suffix
/// (`talk.mp4#t=12.5,1:40`, `#t=10`, `#t=,20`; an `npt:` prefix is allowed). A name that really contains `#t=` is
/// given whole after `file:` (`file:take#t=1.mp4`), as the ffmpeg CLI's file protocol is.
public struct ClipReference: Sendable, Hashable {
  public var path: String
  /// Where the clip starts in the file (nil: at its start).
  public var start: MediaTime?
  /// Where the clip ends in the file, excluded (nil: at its end).
  public var end: MediaTime?

  public init(path: String, start: MediaTime? = nil, end: MediaTime? = nil) {
    self.path = path
    self.start = start
    self.end = end
  }

  /// Splits `text` into the path and its `#t=` fragment. Nil when the fragment is malformed or ends before it
  /// starts; text without `#t=` is all path.
  public init?(parsing text: String) {
    if text.hasPrefix(Self.wholeNamePrefix) {
      self.init(path: String(text.dropFirst(Self.wholeNamePrefix.count)))
      return
    }
    guard let marker = text.range(of: "#t=", options: .backwards) else {
      self.init(path: text)
      return
    }
    var fragment = String(text[marker.upperBound...])
    if fragment.hasPrefix("npt:") { fragment.removeFirst(4) }
    let parts = fragment.split(separator: ",", omittingEmptySubsequences: false)
    guard !fragment.isEmpty, parts.count <= 2 else { return nil }
    let start: MediaTime?
    let end: MediaTime?
    if parts[0].isEmpty {
      start = nil
    } else {
      guard let t = MediaTime(parsing: String(parts[0])) else { return nil }
      start = t
    }
    if parts.count == 2 && !parts[1].isEmpty {
      guard let t = MediaTime(parsing: String(parts[1])) else { return nil }
      end = t
    } else {
      end = nil
    }
    if parts.count == 2 && parts[1].isEmpty && parts[0].isEmpty { return nil }
    // An end at or before the start (`#t=,0` ends where the clip's start is) shows nothing.
    if let end, end <= (start ?? .zero) { return nil }
    self.init(path: String(text[..<marker.lowerBound]), start: start, end: end)
  }

  /// What turns fragment parsing off: the rest is the file's name, whole.
  public static let wholeNamePrefix = "file:"

  /// Whether a trim is asked for.
  public var isTrimmed: Bool { start != nil || end != nil }
}
