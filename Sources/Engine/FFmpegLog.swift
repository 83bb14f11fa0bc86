internal import CFFmpeg
import Synchronization

/// FFmpeg's own logging (its codecs' too: x264 logs through it), which is process-wide. A library is quiet
/// unless its user asks: ClipMergeKit turns FFmpeg's messages off when it is first used (`quietUnlessChosen`),
/// every problem being reported as an error or a warning of its own, unless the program chose a level first
/// (`FFmpegLog.level = 32` shows FFmpeg's information lines on standard error). The clipmerge command silences
/// them before anything else.
public enum FFmpegLog {
  /// Whether a level was chosen (by the program or by `quietUnlessChosen`): from then on the level is left alone.
  private static let chosen = Atomic<Bool>(false)

  /// Turns FFmpeg's logging off (av_log_set_level(AV_LOG_QUIET)).
  public static func silence() {
    chosen.store(true, ordering: .sequentiallyConsistent)
    cm_log_quiet()
  }

  /// FFmpeg's log level (av_log_get_level, av_log_set_level): -8 quiet, 16 errors, 24 warnings, 32 information.
  /// Setting it keeps it: the library's quiet default no longer applies.
  public static var level: Int32 {
    get { av_log_get_level() }
    set {
      chosen.store(true, ordering: .sequentiallyConsistent)
      av_log_set_level(newValue)
    }
  }

  /// Silences FFmpeg the first time the library is used, unless a level was chosen before.
  public static func quietUnlessChosen() {
    if chosen.compareExchange(expected: false, desired: true, ordering: .sequentiallyConsistent).exchanged {
      cm_log_quiet()
    }
  }
}
