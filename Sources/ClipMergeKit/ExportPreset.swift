/// How hard the encoder works for quality (AVFoundation's AVAssetExportPreset… names).
public enum ExportPreset: String, Sendable, CaseIterable {
  /// Low quality (`ExportSettings.Quality.low`): the fastest encode and the smallest file.
  case lowQuality
  /// Medium quality (`ExportSettings.Quality.medium`): the balance `ExportSettings` uses by default.
  case mediumQuality
  /// High quality (`ExportSettings.Quality.high`): a slower encode and a larger file.
  case highQuality
  /// The highest quality (`ExportSettings.Quality.highest`): the slowest encode and the largest file.
  case highestQuality

  var quality: ExportSettings.Quality {
    switch self {
    case .lowQuality: return .low
    case .mediumQuality: return .medium
    case .highQuality: return .high
    case .highestQuality: return .highest
    }
  }
}
