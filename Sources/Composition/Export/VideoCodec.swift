/// The video codecs clipmerge encodes.
public enum VideoCodec: String, Sendable, Hashable, CaseIterable {
  /// H.264 (AVC), by libx264: the default in every container but WebM, GIF and WebP.
  case h264
  /// H.265 (HEVC), by libx265.
  case hevc
  /// VP9, by libvpx: WebM's default.
  case vp9
  /// AV1, by SVT-AV1.
  case av1
  /// Apple ProRes, by FFmpeg's prores_ks: 10-bit 4:2:2, its profile (not a CRF) from the quality.
  case prores
  /// GIF palette pictures, quantized by libimagequant: the GIF container's codec.
  case gif
  /// Animated WebP, by libwebp, its quality (0-100) in the CRF's place: the WebP container's codec.
  case webp

  /// The constant-quality number for `quality` on this codec's own scale (x264/x265 CRF 0-51, libvpx and SVT-AV1
  /// CRF 0-63; ProRes has none and uses its profiles instead).
  public func crf(for quality: ExportSettings.Quality) -> Int {
    let table: [Int]
    switch self {
    case .h264: table = [28, 23, 20, 17]
    case .hevc: table = [30, 28, 24, 20]
    case .vp9: table = [42, 34, 30, 24]
    case .av1: table = [45, 36, 30, 24]
    case .prores, .gif: table = [0, 0, 0, 0]
    // libwebp's quality, 0-100 (higher is better), in the CRF's place.
    case .webp: table = [60, 75, 85, 95]
    }
    return table[quality.index]
  }

  /// The highest CRF the codec takes.
  public var maximumCRF: Int {
    switch self {
    case .h264, .hevc: return 51
    case .webp: return 100
    default: return 63
    }
  }
}

/// The audio codecs clipmerge encodes.
public enum AudioCodec: String, Sendable, Hashable, CaseIterable {
  /// AAC, by FFmpeg's own encoder: the default in every container but WebM.
  case aac
  /// Opus, by libopus: WebM's default.
  case opus
  /// Uncompressed 16-bit little-endian PCM (no bit rate to choose).
  case pcm

  /// The sample rates the encoder takes, nil for any in 8000 to 192000 Hz: AAC the MPEG-4 audio rates up to
  /// 96000 Hz, Opus its five.
  public var sampleRates: [Int]? {
    switch self {
    case .aac:
      return [7_350, 8_000, 11_025, 12_000, 16_000, 22_050, 24_000, 32_000, 44_100, 48_000, 64_000, 88_200, 96_000]
    case .opus: return [8_000, 12_000, 16_000, 24_000, 48_000]
    case .pcm: return nil
    }
  }

  /// Bits per second for `quality` at `channels` (PCM has no choice).
  public func bitRate(for quality: ExportSettings.Quality, channels: Int) -> Int {
    let perStereo: [Int]
    switch self {
    case .aac: perStereo = [96_000, 160_000, 192_000, 256_000]
    case .opus: perStereo = [64_000, 96_000, 128_000, 192_000]
    case .pcm: perStereo = [0, 0, 0, 0]
    }
    return perStereo[quality.index] * max(channels, 1) / 2
  }
}
