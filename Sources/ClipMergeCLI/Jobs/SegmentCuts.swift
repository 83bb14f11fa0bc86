import ClipMergeKit

/// Where `plan` cuts the output: at frame boundaries, each even cut moved (by at most a quarter of a segment)
/// to the frame where the video sources showing then have the least to decode before it. A segment starting
/// inside a source's group of pictures decodes that group from its keyframe up to its first frame and throws
/// the pictures away; starting on the keyframe, it throws none away.
struct SegmentCuts {
  var composition: Composition
  var video: VideoComposition
  /// Each video source's keyframe times (source time), by path; a source missing here costs nothing.
  var keyframes: [String: [MediaTime]]

  /// `even` (frame numbers where segments start, then the end) with every inner cut moved to the cheapest frame
  /// near it.
  func snapped(_ even: [Int64]) -> [Int64] {
    guard even.count > 2 else { return even }
    var cuts = even
    for k in 1..<(even.count - 1) {
      let reach = min(even[k] - even[k - 1], even[k + 1] - even[k]) / 4
      let low = max(cuts[k - 1] + 1, even[k] - reach)
      let high = min(even[k + 1] - 1, even[k] + reach)
      guard low <= high else { continue }
      var best = even[k]
      var bestCost = cost(at: even[k])
      for n in low...high {
        let c = cost(at: n)
        if c < bestCost || (c == bestCost && abs(n - even[k]) < abs(best - even[k])) {
          best = n
          bestCost = c
        }
      }
      cuts[k] = best
    }
    return cuts
  }

  /// Seconds of pictures to decode before output frame `n`, summed over the sources showing then.
  func cost(at n: Int64) -> MediaTime {
    let time = video.time(ofFrame: n)
    var total = MediaTime.zero
    for layer in video.instruction(at: time)?.layers ?? [] {
      guard let track = composition.track(layer.trackID), let segment = track.segment(at: time),
        let source = composition.source(segment.source), let times = keyframes[source.path], !times.isEmpty
      else { continue }
      let shown = segment.sourceTime(at: time)
      // The last keyframe at or before the time shown (binary search).
      var lowIndex = 0
      var highIndex = times.count
      while lowIndex < highIndex {
        let mid = (lowIndex + highIndex) / 2
        if times[mid] <= shown { lowIndex = mid + 1 } else { highIndex = mid }
      }
      total = total + (lowIndex == 0 ? shown : shown - times[lowIndex - 1])
    }
    return total
  }
}
