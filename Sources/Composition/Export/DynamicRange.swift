/// What becomes of HDR sources (HLG or PQ): kept as HDR where the output can carry it, or mapped to SDR.
public enum DynamicRange: String, Sendable, Hashable, CaseIterable {
  /// HDR stays HDR at 10 bits with the sources' transfer and BT.2020 colours, where the output codec can carry
  /// it (hevc, vp9, av1, prores): the sources' pictures as they are where a frame is one alone, anything else
  /// composed at 10 bits, SDR pictures placed into HDR; else (H.264, HLG and PQ clips together) mapped to SDR.
  case keep
  /// Always mapped to SDR BT.709 8-bit.
  case sdr
}
