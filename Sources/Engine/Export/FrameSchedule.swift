import Composition

/// When a composition's output frames start if they follow its clips' own pictures (`FrameTiming.sources`):
/// at each picture a forward segment shows (its packet's time, mapped to composition time), at each segment's
/// and instruction's start and end, and every frame duration where the frame changes between pictures:
/// subtitles, reversed segments, and instructions whose layers move, fade or change their effects (a
/// transition, a title fading in). A still picture, a plain title or a colour card over a clip adds nothing.
/// Each frame lasts until the next starts, the last until the composition ends: a variable frame rate output
/// that shows every picture once, for as long as it lasts in its clip.
struct FrameSchedule {
  /// The frames' start times in ticks of `timeBase`, from zero, strictly increasing, each before `end`.
  let starts: [Int64]
  /// The composition's end, in ticks.
  let end: Int64
  /// One tick, in seconds (num/den): the timescale every start is a whole number of where it can be.
  let timeBase: (num: Int32, den: Int32)

  /// Frames closer than this to the one before are not made (two clips' pictures a hair apart in a
  /// transition).
  static let shortestStep = MediaTime.ticks(1, rate: 1000)
  /// The finest timescale kept exact; times on finer ones are rounded to it.
  static let finestTimescale: Int64 = 1_000_000

  init(composition: Composition, video: VideoComposition) throws(EngineError) {
    let end = composition.duration
    var times: [MediaTime] = [.zero]
    func grid(_ range: TimeRange) {
      var t = range.start
      while t < range.end && t < end {
        times.append(t)
        t = t + video.frameDuration
      }
    }
    for instruction in video.instructions {
      times += [instruction.timeRange.start, instruction.timeRange.end]
      let changing = instruction.layers.contains { layer in
        !layer.opacity.isConstant || !layer.transform.isConstant || !(layer.mask?.rect.isConstant ?? true)
          || layer.effects.contains { !$0.amount.isConstant }
      }
      if changing { grid(instruction.timeRange) }
    }
    var pictures: [String: [MediaTime]] = [:]
    for track in composition.tracks(of: .video) {
      for segment in track.segments {
        let range = segment.compositionRange
        times += [range.start, range.end]
        guard let source = composition.source(segment.source) else { continue }
        switch source.drawing {
        case .subtitles?:
          grid(range)
          continue
        case .text?, .color?:
          continue
        case nil:
          break
        }
        // A still shows one picture; a reversed segment's pictures do not start at their packets' times.
        if source.info.isStill || source.info.video == nil { continue }
        guard segment.playback == .forward else {
          if segment.playback == .reversed { grid(range) }
          continue
        }
        if pictures[source.path] == nil { pictures[source.path] = try PictureTimes.of(path: source.path) }
        let shown = pictures[source.path] ?? []
        var low = 0
        var high = shown.count
        while low < high {
          let middle = (low + high) / 2
          if shown[middle] < segment.sourceRange.start { low = middle + 1 } else { high = middle }
        }
        for picture in shown[low...] {
          guard picture < segment.sourceRange.end else { break }
          times.append(segment.compositionTime(at: picture))
        }
        // A file longer than what is read of it: the grid after its last picture read.
        if shown.count >= PictureTimes.limit, let last = shown.last, last < segment.sourceRange.end {
          grid(TimeRange(start: segment.compositionTime(at: last), end: range.end))
        }
      }
    }
    times = times.filter { $0 >= .zero && $0 < end }.sorted()
    var kept: [MediaTime] = []
    for time in times where kept.last.map({ time - $0 >= Self.shortestStep }) ?? true { kept.append(time) }
    var scale: Int64 = 1
    for time in kept + [end] {
      let t = Int64(time.timescale)
      let lcm = scale / Self.gcd(scale, t) * t
      if lcm > Self.finestTimescale {
        scale = Self.finestTimescale
        break
      }
      scale = lcm
    }
    let base = (num: Int32(1), den: Int32(scale))
    func ticks(_ time: MediaTime) -> Int64 {
      time.multiplied(by: scale, dividedBy: 1).count(of: MediaTime(seconds: 1), rounding: .down)
    }
    var starts: [Int64] = []
    for time in kept {
      let tick = ticks(time)
      if tick > (starts.last ?? -1) { starts.append(tick) }
    }
    self.starts = starts
    self.end = max(ticks(end), (starts.last ?? 0) + 1)
    timeBase = base
  }

  /// How long frame `k` lasts, in ticks.
  func duration(ofFrame k: Int) -> Int64 { (k + 1 < starts.count ? starts[k + 1] : end) - starts[k] }

  /// The frame that starts at `tick`, if one does.
  func index(ofStart tick: Int64) -> Int? {
    var low = 0
    var high = starts.count
    while low < high {
      let middle = (low + high) / 2
      if starts[middle] < tick { low = middle + 1 } else { high = middle }
    }
    return low < starts.count && starts[low] == tick ? low : nil
  }

  /// Frame `k`'s start as a time.
  func time(ofFrame k: Int) -> MediaTime {
    MediaTime(value: starts[k], timescale: timeBase.den) ?? .zero
  }

  private static func gcd(_ a: Int64, _ b: Int64) -> Int64 { b == 0 ? a : gcd(b, a % b) }
}
