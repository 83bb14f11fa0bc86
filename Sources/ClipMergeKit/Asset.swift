import Engine
import Foundation

/// A media file and its tracks, probed once when made (AVFoundation's AVURLAsset).
public struct Asset: Sendable {
  /// The file's location, as given.
  public let url: URL
  /// The file's length, by the data it holds (a header that claims more is not believed).
  public let duration: MediaTime
  /// The facts the engine reads: container, streams, orientation.
  public let info: MediaInfo

  /// Opens and probes the file at `url`; throws naming the file when it is missing, not media or unusable.
  public init(url: URL) throws(EngineError) {
    FFmpegLog.quietUnlessChosen()
    self.url = url
    info = try MediaProbe.probe(url.path)
    duration = info.duration
  }

  /// The asset's tracks of `mediaType` (clipmerge uses one video and one audio stream of a file).
  public func tracks(withMediaType mediaType: MediaKind) -> [AssetTrack] {
    switch mediaType {
    case .video:
      return info.video == nil || info.unusableVideo != nil ? [] : [AssetTrack(asset: self, mediaType: .video)]
    case .audio: return info.audio == nil ? [] : [AssetTrack(asset: self, mediaType: .audio)]
    }
  }
}
