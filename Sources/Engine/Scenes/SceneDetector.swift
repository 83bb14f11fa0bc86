internal import CFFmpeg
import Composition

/// Finds where a video's scenes change, as PySceneDetect's ContentDetector does: every picture, shrunk to at
/// most `width` pixels wide, in HSV (hue 0–179, saturation and value 0–255, OpenCV's scales); a scene begins at
/// a picture whose mean difference from the one before, over the three channels, is `threshold` or more, when
/// the scene before it has lasted `minimumFrames` pictures. A fade changes each picture a little and is no
/// scene change unless one of its steps alone reaches the threshold.
public struct SceneDetector: Sendable {
  /// The change (0–255 on the mean of the HSV channels) at which a picture begins a scene: 27, as
  /// PySceneDetect's default.
  public var threshold: Double = 27
  /// The fewest pictures a scene has before another may begin: 15, as PySceneDetect's default.
  public var minimumFrames = 15
  /// The width pictures are compared at.
  public var width = 128

  /// A detector with PySceneDetect's default settings.
  public init() {}

  /// The scenes of `path`'s video, from its first picture to its end (one scene when nothing changes).
  public func scenes(of path: String) throws(EngineError) -> [Scene] {
    let info = try MediaProbe.probe(path)
    guard let video = info.video else { throw .invalidInput(path: path, reason: "no video stream") }
    let decoder = try PictureDecoder(path: path, start: .zero, damage: DamageLog())
    let scalers = ScalerCache()
    let width = min(self.width, max(2, video.width)) & ~1
    let height = max(2, (width * video.height / max(1, video.width)) & ~1)
    var starts: [(frame: Int, time: MediaTime)] = []
    var previous: [UInt8]?
    var count = 0
    var last = MediaTime.zero
    while let picture = try decoder.next() {
      let hsv: [UInt8]
      do {
        let rgb = try scalers.convert(
          picture.frame, width: width, height: height, matrix: .bt709, format: AV_PIX_FMT_RGB24, fullRange: true)
        hsv = Self.hsv(rgb, width: width, height: height)
      } catch {
        throw .decodeFailed(path: path, time: picture.time, reason: "cannot convert the picture (\(error))")
      }
      if let previous {
        let change = Self.meanDifference(previous, hsv)
        if change >= threshold, count - (starts.last?.frame ?? 0) >= minimumFrames {
          starts.append((count, picture.time))
        }
      } else {
        starts.append((0, picture.time))
      }
      previous = hsv
      last = picture.time
      count += 1
    }
    guard count > 0 else { throw .invalidInput(path: path, reason: "no picture of its video decodes") }
    let end = max(info.duration, last)
    return starts.indices.map { k in
      let next = k + 1 < starts.count ? starts[k + 1] : (count, end)
      return Scene(start: starts[k].time, end: next.1, startFrame: starts[k].frame, endFrame: next.0)
    }
  }

  /// An RGB24 picture's pixels as H, S, V bytes on OpenCV's scales (H 0–179).
  static func hsv(_ frame: Frame, width: Int, height: Int) -> [UInt8] {
    var out = [UInt8](repeating: 0, count: width * height * 3)
    guard let data = frame.data(0) else { return out }
    let stride = frame.linesize(0)
    for y in 0..<height {
      let row = data + y * stride
      for x in 0..<width {
        let r = Int(row[3 * x])
        let g = Int(row[3 * x + 1])
        let b = Int(row[3 * x + 2])
        let v = max(r, g, b)
        let low = min(r, g, b)
        let delta = v - low
        let s = v == 0 ? 0 : (255 * delta + v / 2) / v
        var h = 0
        if delta > 0 {
          // Degrees over 2 (0-179), as OpenCV's 8-bit HSV.
          var degrees: Int
          if v == r {
            degrees = 60 * (g - b) / delta
          } else if v == g {
            degrees = 120 + 60 * (b - r) / delta
          } else {
            degrees = 240 + 60 * (r - g) / delta
          }
          if degrees < 0 { degrees += 360 }
          h = degrees / 2
        }
        let at = 3 * (y * width + x)
        out[at] = UInt8(h)
        out[at + 1] = UInt8(s)
        out[at + 2] = UInt8(v)
      }
    }
    return out
  }

  /// The mean absolute difference of two HSV pictures, over their pixels and the three channels.
  static func meanDifference(_ a: [UInt8], _ b: [UInt8]) -> Double {
    var sum = 0
    a.withUnsafeBufferPointer { a in
      b.withUnsafeBufferPointer { b in
        for i in 0..<min(a.count, b.count) { sum += abs(Int(a[i]) - Int(b[i])) }
      }
    }
    return Double(sum) / Double(max(1, min(a.count, b.count)))
  }
}
