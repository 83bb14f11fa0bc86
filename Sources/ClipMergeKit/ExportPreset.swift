/// How hard the encoder works for quality (AVFoundation's AVAssetExportPreset… names).
public enum ExportPreset: String, Sendable, CaseIterable {
  case lowQuality
  case mediumQuality
  case highQuality
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
