import ClipMergeKit
import Foundation

/// `@list.txt`: clips one a line, each as on the command line (`clip.mp4`, `clip.mp4#t=1,3`), `#` starting a
/// comment line, paths relative to the list's folder; or the ffmpeg concat demuxer's lines (`ffconcat version
/// 1.0`, `file 'a.mp4'`, `inpoint 1`, `outpoint 3`). `@-` reads the list from standard input. A line is never
/// echoed in an error (the file may not be a list at all): errors name the list and the line or clip number,
/// and every clip is checked to exist before any is used.
enum ClipList {
  /// Lists longer than this are refused (a list of 100 000 clips is about 5 MB).
  static let maximumBytes = 8 << 20

  /// Each argument, with every `@LIST` replaced by the clips it lists.
  static func expand(_ arguments: [String]) throws(UsageError) -> [String] {
    var clips: [String] = []
    for argument in arguments {
      if argument.hasPrefix("@") && argument.count > 1 {
        clips += try read(String(argument.dropFirst()))
      } else {
        clips.append(argument)
      }
    }
    return clips
  }

  /// The list files `arguments` name (`@LIST`, not `@-`): inputs, never written over.
  static func listFiles(_ arguments: [String]) -> [String] {
    arguments.filter { $0.hasPrefix("@") && $0.count > 1 && $0 != "@-" }.map { String($0.dropFirst()) }
  }

  /// The clips `path` lists.
  static func read(_ path: String) throws(UsageError) -> [String] {
    let handle: FileHandle
    if path == "-" {
      handle = FileHandle.standardInput
    } else {
      var info = stat()
      guard stat(path, &info) == 0 else {
        throw UsageError("@\(path): no such clip list (a file of clips, one a line)", code: .noInput)
      }
      guard info.st_mode & S_IFMT == S_IFREG else {
        throw UsageError("@\(path): a clip list must be a regular file (or @- for standard input)", code: .noInput)
      }
      guard let opened = FileHandle(forReadingAtPath: path) else {
        throw UsageError("@\(path): cannot be read (\(String(cString: strerror(errno))))", code: .noInput)
      }
      handle = opened
    }
    // At most one byte past the limit is read: a list of endless bytes (a device, a pipe) is refused, not held.
    let data: Data
    do { data = try handle.read(upToCount: maximumBytes + 1) ?? Data() } catch {
      throw UsageError("@\(path): cannot be read (\(error.localizedDescription))", code: .ioError)
    }
    guard data.count <= maximumBytes else {
      throw UsageError("@\(path): a clip list is at most 8 MB", code: .dataError)
    }
    guard let text = String(data: data, encoding: .utf8), !text.contains("\0") else {
      throw UsageError("@\(path): not a clip list (not UTF-8 text)", code: .dataError)
    }
    let folder = path == "-" ? "" : (path as NSString).deletingLastPathComponent
    var clips: [String] = []
    // "\r\n" is one Character in Swift: lines end at either.
    let rows = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
    for (offset, raw) in rows.enumerated() {
      let line = raw.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\r"))
      if line.isEmpty || line.hasPrefix("#") || line.hasPrefix("ffconcat ") { continue }
      let number = offset + 1
      func problem(_ what: String) -> UsageError { UsageError("@\(path) line \(number): \(what)", code: .dataError) }
      let words = line.split(separator: " ", maxSplits: 1).map(String.init)
      switch words[0] {
      case "file":
        guard words.count == 2, let name = unquoted(words[1]) else {
          throw problem("expected file 'NAME' (the ffmpeg concat list's quoting)")
        }
        // Taken whole (a name holding #t= is a name here, not a trim).
        guard !name.contains("#") else {
          throw problem("a name holding # in an ffmpeg concat list; list it on a line of its own as file:NAME")
        }
        clips.append(relative(name, to: folder))
      case "inpoint", "outpoint":
        guard let last = clips.indices.last, words.count == 2, let time = seconds(words[1]) else {
          throw problem("expected \(words[0]) SECONDS after a file line")
        }
        clips[last] = trimmed(clips[last], words[0] == "inpoint" ? time : nil, words[0] == "outpoint" ? time : nil)
      case "duration":
        continue
      default:
        guard words.count == 1 || !["stream", "exact_stream_id", "option", "metadata"].contains(words[0]) else {
          throw problem("an ffmpeg concat directive clipmerge does not take (it takes file, inpoint, outpoint)")
        }
        clips.append(relative(line, to: folder))
      }
    }
    guard !clips.isEmpty else { throw UsageError("@\(path): the list holds no clips", code: .dataError) }
    // Checked here, so that no line of a file that is not a list is ever shown in a later error.
    for (index, clip) in clips.enumerated() {
      guard let reference = ClipReference(parsing: clip) else {
        throw UsageError(
          "@\(path): clip \(index + 1) is not FILE or FILE#t=START,END with START before END", code: .dataError)
      }
      guard reference.path.hasPrefix(ColorCardClip.prefix) || FileManager.default.fileExists(atPath: reference.path)
      else {
        throw UsageError(
          "@\(path): clip \(index + 1) is not a file (paths are taken from the list's folder)", code: .noInput)
      }
    }
    return clips
  }

  /// `'a.mp4'`, `'it'\''s.mp4'` or a bare word, as the ffmpeg concat demuxer reads it.
  static func unquoted(_ text: String) -> String? {
    var out = ""
    var quoted = false
    var escaped = false
    for character in text {
      if escaped {
        out.append(character)
        escaped = false
      } else if character == "'" {
        quoted.toggle()
      } else if character == "\\" && !quoted {
        escaped = true
      } else {
        out.append(character)
      }
    }
    return quoted || escaped || out.isEmpty ? nil : out
  }

  /// A path of the list, taken from the list's folder unless absolute (a fragment kept).
  static func relative(_ name: String, to folder: String) -> String {
    if name.hasPrefix(ColorCardClip.prefix) || name.hasPrefix("/") || folder.isEmpty { return name }
    if name.hasPrefix("file:") { return "file:" + relative(String(name.dropFirst(5)), to: folder) }
    return folder + "/" + name
  }

  private static func seconds(_ text: String) -> String? {
    guard let value = Double(text), value.isFinite, value >= 0 else { return nil }
    return text
  }

  /// `clip` with its trim's start or end set (`#t=START,END`).
  private static func trimmed(_ clip: String, _ start: String?, _ end: String?) -> String {
    var (path, from, to) = (clip, "", "")
    if let hash = clip.range(of: "#t=") {
      path = String(clip[..<hash.lowerBound])
      let parts = clip[hash.upperBound...].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      from = parts.first ?? ""
      to = parts.count > 1 ? parts[1] : ""
    }
    return "\(path)#t=\(start ?? from),\(end ?? to)"
  }
}
