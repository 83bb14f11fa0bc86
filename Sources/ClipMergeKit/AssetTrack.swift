/// One track of an asset (AVFoundation's AVAssetTrack).
public struct AssetTrack: Sendable {
  /// The asset the track belongs to.
  public let asset: Asset
  /// Whether the track is the asset's video or its audio.
  public let mediaType: MediaKind

  /// The whole asset: from zero to its duration.
  public var timeRange: TimeRange { TimeRange(start: .zero, duration: asset.duration) }

  /// The size of the decoded pictures, before the preferred transform (zero for audio).
  public var naturalSize: PixelSize {
    guard mediaType == .video, let video = asset.info.video else { return PixelSize(width: 0, height: 0) }
    return PixelSize(width: video.width, height: video.height)
  }

  /// What turns the decoded picture upright (a phone's rotation, non-square pixels); identity for audio.
  public var preferredTransform: AffineTransform2D {
    mediaType == .video ? asset.info.video?.preferredTransform ?? .identity : .identity
  }
}
