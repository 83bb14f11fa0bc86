import Glibc

/// The memory of a lookup table of many megabytes read at random: on 2 MB boundaries and asked of the kernel as
/// transparent huge pages (`madvise`, before anything touches it), so lookups spread over the whole table miss the
/// TLB less (the `.cube` lookup's share of the 1080p bench join with its table alone: 8.5–8.6 % of the samples
/// against 8.9–9.2 %). The kernel may say no (huge pages turned off); the memory is the same either way. Freed in
/// deinit.
final class HugePageTable {
  let bytes: UnsafeMutablePointer<UInt8>

  private static let hugePage = 1 << 21

  /// `count` bytes, not initialized.
  init(count: Int) {
    let raw = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: Self.hugePage)
    _ = madvise(raw, count, MADV_HUGEPAGE)
    bytes = raw.bindMemory(to: UInt8.self, capacity: count)
  }

  deinit { bytes.deallocate() }
}
