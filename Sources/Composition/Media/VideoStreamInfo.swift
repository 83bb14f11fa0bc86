/// Facts of a video stream, as decoded (coded size after cropping, before orientation).
public struct VideoStreamInfo: Sendable, Hashable {
  /// The codec's FFmpeg name (`h264`, `hevc`, ...).
  public var codec: String
  /// The decoded width, in pixels.
  public var width: Int
  /// The decoded height, in pixels.
  public var height: Int
  /// Sample (pixel) aspect ratio, num:den; 1:1 for square pixels.
  public var sampleAspectNum: Int
  /// The denominator of the sample aspect ratio.
  public var sampleAspectDen: Int
  /// The display orientation from the stream's display matrix.
  public var orientation: Orientation
  /// Duration of one frame at the nominal rate (1/r_frame_rate), if known.
  public var nominalFrameDuration: MediaTime?
  /// Duration of one frame on average (duration / frames), if known.
  public var averageFrameDuration: MediaTime?
  /// The spacing of the closest frames of a variable frame rate stream (the tenth percentile of the intervals
  /// between its first frames), if measured.
  public var shortFrameSpacing: MediaTime?
  /// The usual spacing of the frames (the median interval between the first frames' stamps), if measured: the
  /// pictures' own rate, which a header's average or nominal rate may not tell (an FLV stating 1000 fps on
  /// average for 24, a stream stating 29.97 for pictures stamped at 15).
  public var typicalFrameSpacing: MediaTime?
  /// Whether the frames' durations vary (a phone's low-light steps, a dropped frame, a screen recording): with
  /// no rate asked for, a composition of it shows its pictures at their own times (`VideoComposition`'s
  /// `followsSourceFrameTiming`).
  public var isVariableFrameRate = false
  /// The decoded pixel format's FFmpeg name (`yuv420p`, ...).
  public var pixelFormat: String
  /// The transfer characteristic's FFmpeg name (`bt709`, `arib-std-b67` for HLG, `smpte2084` for PQ), if stated.
  public var transfer: String?

  /// Whether the stream is HDR: HLG or PQ.
  public var isHDR: Bool { transfer == "arib-std-b67" || transfer == "smpte2084" }

  /// The facts of a `codec` stream of `width` by `height` pixels (a sample aspect ratio with a part not above 0: 1:1).
  public init(
    codec: String, width: Int, height: Int, sampleAspectNum: Int = 1, sampleAspectDen: Int = 1,
    orientation: Orientation = .upright, nominalFrameDuration: MediaTime?, averageFrameDuration: MediaTime? = nil,
    pixelFormat: String = "yuv420p", transfer: String? = nil
  ) {
    self.codec = codec
    self.width = width
    self.height = height
    self.sampleAspectNum = sampleAspectNum > 0 && sampleAspectDen > 0 ? sampleAspectNum : 1
    self.sampleAspectDen = sampleAspectNum > 0 && sampleAspectDen > 0 ? sampleAspectDen : 1
    self.orientation = orientation
    self.nominalFrameDuration = nominalFrameDuration
    self.averageFrameDuration = averageFrameDuration
    self.pixelFormat = pixelFormat
    self.transfer = transfer
  }

  /// Maps decoded pixels to an upright, square-pixel picture whose top-left is at the origin: the stream's
  /// preferredTransform, as AVFoundation calls it.
  public var preferredTransform: AffineTransform2D {
    let aspect = AffineTransform2D.scale(x: Double(sampleAspectNum) / Double(sampleAspectDen), y: 1)
    let oriented = aspect.concatenating(orientation.transform)
    let box = oriented.boundingBox(width: Double(width), height: Double(height))
    return oriented.concatenating(.translation(x: -box.x, y: -box.y))
  }

  /// The upright size in square pixels, rounded to whole pixels.
  public var displaySize: PixelSize {
    let box = preferredTransform.boundingBox(width: Double(width), height: Double(height))
    return PixelSize(width: max(1, Int(box.width.rounded())), height: max(1, Int(box.height.rounded())))
  }
}

extension VideoStreamInfo {
  /// The frame rates, as frame durations, a variable frame rate stream is rendered at.
  static let standardFrameDurations: [MediaTime] = [
    (1, 10), (1, 12), (2, 25), (1, 15), (1, 20), (1001, 24000), (1, 24), (1, 25), (1001, 30000), (1, 30), (1, 48),
    (1, 50), (1001, 60000), (1, 60), (1, 100), (1, 120),
  ].compactMap { MediaTime(value: $0.0, timescale: $0.1) }

  /// How much longer than the closest frames' spacing a variable rate's frame may last (a recorder's jitter).
  static let spacingTolerance = 1.03

  /// The frame rate to render this stream at. From the pictures' stamps where they were measured: the nominal
  /// rate when their usual spacing agrees with it; for evenly spaced pictures the standard rate of that spacing
  /// (within 3%) or the spacing itself, so each picture is shown once. Otherwise the nominal rate when the
  /// average agrees with it (constant frame rate). For variable frame rate (phones report a nominal 120 for ~30
  /// real; screen recorders skip frames that repeat): the standard rate nearest the closest frames' spacing and
  /// no more than 3% slower (120 fps at most), so every frame is shown and a frame repeats only where the source
  /// holds it; the film or faster standard rate nearest the average when the spacing was not measured.
  public var preferredFrameDuration: MediaTime? {
    let valid = { (d: MediaTime) in d >= MediaTime.ticks(1, rate: 1000) && d <= MediaTime(seconds: 1) }
    let nearest = { (target: MediaTime, candidates: [MediaTime]) in
      candidates.min { abs($0.ratio(to: target) - 1) < abs($1.ratio(to: target) - 1) }
    }
    let near = { (a: MediaTime, b: MediaTime) in abs(a.ratio(to: b) - 1) <= Self.spacingTolerance - 1 }
    // The pictures' own stamps come first: a header's rates are hints.
    if let typical = typicalFrameSpacing, valid(typical) {
      if let nominal = nominalFrameDuration, valid(nominal), near(nominal, typical) { return nominal }
      if !isVariableFrameRate {
        if let standard = nearest(typical, Self.standardFrameDurations), near(standard, typical) { return standard }
        return typical
      }
    }
    guard let average = averageFrameDuration, valid(average) else {
      return nominalFrameDuration.flatMap { valid($0) ? $0 : nil }
    }
    if let nominal = nominalFrameDuration, valid(nominal), abs(nominal.ratio(to: average) - 1) < 0.1 {
      return nominal
    }
    if let spacing = shortFrameSpacing, spacing > .zero {
      let fastEnough = Self.standardFrameDurations.filter { $0.ratio(to: spacing) <= Self.spacingTolerance }
      // Closer than the fastest standard rate (120 fps): that rate.
      return nearest(spacing, fastEnough.isEmpty ? Array(Self.standardFrameDurations.suffix(1)) : fastEnough)
    }
    let filmOrFaster = MediaTime(value: 1001, timescale: 24000) ?? average
    return nearest(average, Self.standardFrameDurations.filter { $0 <= filmOrFaster })
  }
}
