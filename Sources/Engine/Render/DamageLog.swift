import Composition
import Synchronization

/// Damage found while decoding (packets or frames a decoder rejected), per input file: how much, and where the
/// first was. Decoding goes on past damage (the last good picture holds, missing sound is silence) unless the
/// log is strict, when the first damage ends the render. Safe to record into from the decode-ahead threads.
final class DamageLog: Sendable {
  /// How many damaged packets or frames of one file are skipped before the file counts as unreadable.
  static let limit = 10_000

  let strict: Bool
  private let entries = Mutex<[String: DamageSummary]>([:])

  init(strict: Bool = false) {
    self.strict = strict
  }

  /// Notes one damaged packet or frame of `path` at source time `time` (if known); throws in strict mode, and
  /// when a file's damage passes the limit.
  func record(path: String, time: MediaTime?, reason: String) throws(EngineError) {
    if strict { throw .decodeFailed(path: path, time: time, reason: reason) }
    let count = entries.withLock { entries in
      var entry = entries[path] ?? DamageSummary(path: path, count: 0, firstTime: nil)
      entry.count += 1
      // The earliest known time, whichever decode thread (audio, or a video reader's) reports first.
      if let time, entry.firstTime.map({ time < $0 }) ?? true { entry.firstTime = time }
      entries[path] = entry
      return entry.count
    }
    if count > Self.limit {
      throw .decodeFailed(path: path, time: time, reason: "too much damaged data (\(reason))")
    }
  }

  /// Every damaged file, by path.
  var summaries: [DamageSummary] { entries.withLock { $0.values.sorted { $0.path < $1.path } } }
}

/// How much of one input was damaged, and where the first damage was.
public struct DamageSummary: Sendable, Hashable {
  /// The input file, by the path it was opened with.
  public var path: String
  /// How many of its packets or frames were damaged and skipped.
  public var count: Int
  /// Source time of the earliest damage whose time could be told.
  public var firstTime: MediaTime?
}
