internal import CFFmpeg
import Composition

/// The one conversion between FFmpeg's timestamps (whole ticks of a stream's time base, or of AV_TIME_BASE for
/// the container) and the model's exact rational time.
enum Timestamp {
  /// `ticks` of `base` as exact time; nil for AV_NOPTS_VALUE or a time base that is not positive.
  static func time(_ ticks: Int64, _ base: AVRational) -> MediaTime? {
    guard ticks != cm_nopts_value(), base.num > 0, base.den > 0 else { return nil }
    return MediaTime(value: ticks, timescale: 1)?.multiplied(by: Int64(base.num), dividedBy: Int64(base.den))
  }

  /// A container-level time (AV_TIME_BASE units: start time, duration); nil for AV_NOPTS_VALUE.
  static func containerTime(_ ticks: Int64) -> MediaTime? {
    time(ticks, AVRational(num: 1, den: cm_time_base()))
  }

  /// `time` as whole ticks of `base`, rounded as `rule` says (0 for a time base that is not positive).
  static func ticks(
    _ time: MediaTime, _ base: AVRational, rounding rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero
  ) -> Int64 {
    guard base.num > 0, base.den > 0 else { return 0 }
    return time.multiplied(by: Int64(base.den), dividedBy: Int64(base.num)).count(
      of: MediaTime(seconds: 1), rounding: rule)
  }

  /// How far a picture's stored timestamp may lie after the true time it stands for. A clock of ticks `base`
  /// stores every time rounded to a whole tick: Matroska and WebM count milliseconds, so the 60 fps picture at
  /// 1/60 s is stored at 0.017 s. When the clock counts at least four ticks a frame of `frameDuration`, a picture
  /// stamped up to half a tick after a time stands for that time (muxers round halves up); a clock that counts frames (AVI, an MP4
  /// whose timescale is its frame rate) is exact, and nothing is allowed.
  static func rounding(of base: AVRational, frameDuration: MediaTime) -> MediaTime {
    guard let tick = time(1, base), tick * 4 <= frameDuration else { return .zero }
    return tick.multiplied(by: 1, dividedBy: 2)
  }
}
