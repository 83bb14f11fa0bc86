import CFFmpeg

/// FFmpeg's own logging. clipmerge reports problems itself, one line each, so FFmpeg's messages are silenced.
public enum FFmpegLog {
  /// Only FFmpeg's fatal messages would print; clipmerge turns them all off (av_log_set_level).
  public static func silence() { cm_log_quiet() }
}
