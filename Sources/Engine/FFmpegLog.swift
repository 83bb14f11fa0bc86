import CFFmpeg

/// FFmpeg's own logging. clipmerge reports problems itself, one line each naming the file, so FFmpeg's
/// messages are silenced before the first FFmpeg object is made.
public enum FFmpegLog {
  private static let silenced: Void = cm_log_quiet()

  /// Turns FFmpeg's logging off, once per process (av_log_set_level).
  public static func silence() { _ = silenced }
}
