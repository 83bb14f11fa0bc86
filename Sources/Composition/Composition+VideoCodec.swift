extension Composition {
  /// Whether a clip the composition shows is HDR (HLG or PQ): with no codec named, its output is then HEVC
  /// 10-bit in that transfer where the container's default would be H.264 (`ExportSettings.effectiveVideoCodec`).
  public var hasHDRSource: Bool { sources.contains { $0.drawing == nil && $0.info.video?.isHDR == true } }

  /// The video codec the output is encoded with: the one named, or the container's default for these sources.
  public var effectiveVideoCodec: VideoCodec { export.effectiveVideoCodec(hdrSources: hasHDRSource) }

  /// The constant quality the output is encoded at (`--crf`, or `effectiveVideoCodec`'s for the quality).
  public var effectiveCRF: Int { export.effectiveCRF(hdrSources: hasHDRSource) }
}
