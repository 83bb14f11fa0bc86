import Composition
import Engine
import Foundation

/// Checks which source frame each frame of an output shows, from outside: both are decoded by the ffmpeg CLI
/// (`ExternalFrames`), each output thumbnail is matched to the source's by least squares, and the match must be
/// the frame on screen at that time by the rule of docs/guarantees.md: the last source frame whose time is at
/// or before the time, or at most half a tick of the source's clock after it when the clock counts at least
/// four ticks a frame (Matroska's milliseconds); the first frame also covers the time before it.
public enum FrameCheck {
  /// How much farther than the best match the expected frame may be and still count as shown: matches within
  /// half as much again, or within the noise of an encode (about 0.0002 for x264's ultrafast preset against
  /// neighbouring frames 0.015 or more apart), are the same picture (a source can hold a picture over frames).
  static let relativeSlack: Float = 1.5
  static let absoluteSlack: Float = 0.003

  /// How far after a time a source frame may be stamped and still stand for it.
  public static func clockRounding(of source: ExternalFrames) -> MediaTime {
    let frame = typicalSpacing(of: source) ?? .zero
    return source.tick * 4 <= frame ? source.tick.multiplied(by: 1, dividedBy: 2) : .zero
  }

  /// The source's frame times in presentation order: a backward stamp takes the one before, a missing one
  /// follows the one before by the median spacing (as clipmerge times a picture without a stamp).
  static func presentationTimes(of source: ExternalFrames) -> [MediaTime] {
    let stamped = source.times.compactMap { $0 }
    let deltas = zip(stamped.dropFirst(), stamped).map { $0 - $1 }.filter { $0 > .zero }.sorted()
    let spacing = deltas.isEmpty ? MediaTime.zero : deltas[deltas.count / 2]
    var result: [MediaTime] = []
    for time in source.times {
      let t = time ?? result.last.map { $0 + spacing } ?? .zero
      result.append(max(t, result.last ?? t))
    }
    return result
  }

  /// The median interval between the source's frames.
  static func typicalSpacing(of source: ExternalFrames) -> MediaTime? {
    let times = presentationTimes(of: source)
    let deltas = zip(times.dropFirst(), times).map { $0 - $1 }.filter { $0 > .zero }.sorted()
    return deltas.isEmpty ? nil : deltas[deltas.count / 2]
  }

  /// The index of the source frame on screen at source time `time`.
  public static func expectedFrame(at time: MediaTime, in source: ExternalFrames) -> Int {
    expectedFrame(at: time, times: presentationTimes(of: source), rounding: clockRounding(of: source))
  }

  static func expectedFrame(at time: MediaTime, times: [MediaTime], rounding: MediaTime) -> Int {
    var shown = 0
    for (index, t) in times.enumerated() where t <= time || t - time <= rounding { shown = index }
    return shown
  }

  /// The index of the source frame `picture` matches best, and whether `expected` matches as well.
  public static func match(_ picture: [Float], expected: Int, in source: ExternalFrames) -> (best: Int, ok: Bool) {
    let distances = source.thumbnails.map { ExternalFrames.distance($0, picture) }
    let best = distances.indices.min { distances[$0] < distances[$1] } ?? 0
    let ok =
      expected < distances.count && distances[expected] <= distances[best] * relativeSlack + absoluteSlack
    return (best, ok)
  }

  /// The output's frames that do not show the source frame on screen at their time, as readable lines (empty
  /// when all do). Output frame k is at k × `frameDuration`; `sourceTime` maps an output time to the source
  /// time shown then, or nil where the output shows something else. Also reports output frames whose own stamps
  /// (read by ffprobe) are off that cadence by more than a tick of the output's clock.
  public static func mismatches(
    output: ExternalFrames, source: ExternalFrames, frameDuration: MediaTime?,
    sourceTime: (MediaTime) -> MediaTime? = { $0 }
  ) -> [String] {
    var problems: [String] = []
    var shown: [Int] = []
    let times = presentationTimes(of: source)
    let rounding = clockRounding(of: source)
    var previous: Int?
    for (k, picture) in output.thumbnails.enumerated() {
      // A variable frame rate output (no frameDuration): each frame at its own stamp, no picture twice running.
      guard let time = frameDuration.map({ $0 * Int64(k) }) ?? output.times[k] else {
        problems.append("output frame \(k) has no stamp")
        continue
      }
      if let stamp = output.times[k], stamp - time > output.tick || time - stamp > output.tick {
        problems.append("output frame \(k) is stamped \(stamp.seconds) s, not \(time.seconds) s")
      }
      guard let at = sourceTime(time) else { continue }
      let expected = expectedFrame(at: at, times: times, rounding: rounding)
      let (best, ok) = match(picture, expected: expected, in: source)
      // (Pictures alike match each other: the frame due is what says a picture came twice.)
      if frameDuration == nil, expected == previous {
        problems.append("output frame \(k) (\(time.seconds) s) is when source frame \(expected) shows again")
      }
      previous = expected
      shown.append(best)
      if !ok {
        problems.append("output frame \(k) (\(time.seconds) s) shows source frame \(best), not \(expected)")
      }
    }
    if !problems.isEmpty {
      problems.append("\(output.path): source frames shown \(shown.map(String.init).joined(separator: " "))")
    }
    return problems
  }
}
