internal import CFFmpeg

/// Process-wide allocator settings for rendering. A render allocates and frees picture buffers of megabytes all
/// the time (decoder pools closing between clips, scaled layers, x264's huge-page frames); with glibc's defaults
/// many of them go back to the kernel and come back as freshly zeroed pages. Measured with `perf record` on the
/// bench's 720p veryfast jobs: the kernel's page clearing fell from 600–1,000 samples of ~28,000 to 100–230
/// (concat) and from 864 to 50–130 (overlay); peak memory of that overlay rose from 192 to 200 MB.
public enum MemoryTuning {
  /// Applies the settings; call once, before rendering. Returns whether the allocator accepted them.
  @discardableResult
  public static func keepLargeBuffers() -> Bool { cm_keep_large_buffers() == 1 }
}
