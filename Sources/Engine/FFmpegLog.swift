internal import CFFmpeg

/// FFmpeg's own logging, which is process-wide. The clipmerge command reports problems itself, one line each
/// naming the file, so it silences FFmpeg's messages before anything else; the engine leaves the setting alone,
/// so a program using ClipMergeKit keeps FFmpeg's logging as it set it (on standard error by default).
public enum FFmpegLog {
  /// Turns FFmpeg's logging off (av_log_set_level(AV_LOG_QUIET)).
  public static func silence() { cm_log_quiet() }

  /// FFmpeg's log level (av_log_get_level, av_log_set_level): -8 quiet, 16 errors, 24 warnings, 32 information.
  public static var level: Int32 {
    get { av_log_get_level() }
    set { av_log_set_level(newValue) }
  }
}
