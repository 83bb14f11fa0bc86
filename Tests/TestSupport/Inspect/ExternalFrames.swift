import Composition
import Engine
import Foundation

/// A video's frames as the ffmpeg CLI and ffprobe see them, independent of clipmerge's own readers: every
/// decoded frame in decode order as a small grey thumbnail (mean removed, unit length, so brightness and
/// contrast shifts of an encode do not count), and its presentation time from ffprobe, from the file's start
/// (the container's start time).
public struct ExternalFrames: Sendable {
  public static let thumbnailWidth = 48
  public static let thumbnailHeight = 27

  public let path: String
  public var thumbnails: [[Float]]
  /// Each frame's time from the file's start; nil where ffprobe gives none.
  public var times: [MediaTime?]
  /// One tick of the stream's clock.
  public var tick: MediaTime

  /// Decodes `path`'s video stream `stream` (the first video stream when nil) with the ffmpeg CLI, deinterlacing
  /// interlaced pictures with yadif when `deinterlace` (as clipmerge shows them), and reads its frames' times
  /// with ffprobe. Fails when the two disagree on the number of frames.
  public init(_ path: String, stream: Int? = nil, deinterlace: Bool = false) throws {
    self.path = path
    let map = stream.map { "0:\($0)" } ?? "0:v:0"
    let filters =
      (deinterlace ? ["yadif=mode=0:parity=-1:deint=interlaced"] : [])
      + ["scale=\(Self.thumbnailWidth):\(Self.thumbnailHeight):flags=area", "format=gray"]
    let decoded = try ClipmergeProcess.capture(
      URL(fileURLWithPath: "/usr/bin/env"),
      [
        "ffmpeg", "-nostdin", "-v", "error", "-i", path, "-map", map, "-fps_mode", "passthrough", "-vf",
        filters.joined(separator: ","), "-f", "rawvideo", "-",
      ])
    guard decoded.code == 0 else { throw CheckError("ffmpeg cannot decode \(path): \(decoded.stderr)") }
    let size = Self.thumbnailWidth * Self.thumbnailHeight
    let bytes = [UInt8](decoded.output)
    thumbnails = stride(from: 0, to: bytes.count - size + 1, by: size).map {
      Self.normalized(bytes[$0..<$0 + size])
    }
    (times, tick) = try Self.frameTimes(path, select: stream.map(String.init) ?? "v:0")
    guard times.count == thumbnails.count else {
      throw CheckError("\(path): ffprobe lists \(times.count) frames, ffmpeg decodes \(thumbnails.count)")
    }
  }

  /// The squared distance between two thumbnails (0 for the same picture, up to 4).
  public static func distance(_ a: [Float], _ b: [Float]) -> Float {
    // A plain loop over the buffers: the tests build without optimization, where zip and reduce cost 50 times
    // as much, and a clip of 700 frames needs half a million distances.
    a.withUnsafeBufferPointer { a in
      b.withUnsafeBufferPointer { b in
        var sum: Float = 0
        for i in 0..<min(a.count, b.count) {
          let d = a[i] - b[i]
          sum += d * d
        }
        return sum
      }
    }
  }

  /// A thumbnail with its mean removed, scaled to unit length (a flat picture stays all zero).
  static func normalized(_ samples: ArraySlice<UInt8>) -> [Float] {
    let values = samples.map(Float.init)
    let mean = values.reduce(0, +) / Float(values.count)
    let centred = values.map { $0 - mean }
    let length = centred.reduce(0) { $0 + $1 * $1 }.squareRoot()
    return length > 0 ? centred.map { $0 / length } : centred
  }

  /// The frames' presentation times (ffprobe's best-effort timestamps) from the container's start time, and the
  /// stream's tick.
  static func frameTimes(_ path: String, select: String) throws -> ([MediaTime?], MediaTime) {
    let text = try ClipmergeProcess.runTool(
      "ffprobe",
      [
        "-v", "error", "-select_streams", select, "-show_entries",
        "frame=best_effort_timestamp:stream=time_base,has_b_frames,r_frame_rate:format=start_time,format_name",
        "-of", "json", path,
      ])
    guard let json = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
      let streams = json["streams"] as? [[String: Any]], let base = streams.first?["time_base"] as? String,
      let tick = Self.rational(base)
    else { throw CheckError("ffprobe gives no time base for \(path)") }
    let format = json["format"] as? [String: Any]
    let start = (format?["start_time"] as? String).flatMap(Self.decimal) ?? .zero
    // AVI stores decode times: with B-frames every picture is stamped its reorder delay (ffprobe's
    // has_b_frames) frames late, as ffprobe reports it.
    var late = MediaTime.zero
    if format?["format_name"] as? String == "avi", let delay = streams.first?["has_b_frames"] as? Int, delay > 0,
      let rate = (streams.first?["r_frame_rate"] as? String).flatMap(Self.rational), rate > .zero,
      let frame = MediaTime(value: Int64(rate.timescale), timescale: Int32(clamping: rate.value))
    {
      late = frame * Int64(delay)
    }
    let frames = json["frames"] as? [[String: Any]] ?? []
    let times = frames.map { frame -> MediaTime? in
      guard let stamp = frame["best_effort_timestamp"] as? Int else { return nil }
      return max(.zero, tick.multiplied(by: Int64(stamp), dividedBy: 1) - start - late)
    }
    return (times, tick)
  }

  /// "1/90000" as a time.
  public static func rational(_ text: String) -> MediaTime? {
    let parts = text.split(separator: "/").compactMap { Int64($0) }
    guard parts.count == 2, parts[1] > 0 else { return nil }
    return MediaTime(value: parts[0], timescale: Int32(clamping: parts[1]))
  }

  /// ffprobe's "22953.408322" (seconds, to the microsecond) as a time.
  static func decimal(_ text: String) -> MediaTime? {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard let whole = Int64(parts[0]) else { return nil }
    let fraction = parts.count > 1 ? String(parts[1].prefix(6)).padding(toLength: 6, withPad: "0", startingAt: 0) : "0"
    guard let micro = Int64(fraction) else { return nil }
    let sign: Int64 = text.hasPrefix("-") ? -1 : 1
    return MediaTime(value: whole * 1_000_000 + sign * micro, timescale: 1_000_000)
  }
}

/// A failed precondition or check of the external tools, with what went wrong.
public struct CheckError: Error, CustomStringConvertible {
  public let description: String
  public init(_ description: String) { self.description = description }
}
