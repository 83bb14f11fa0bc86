internal import CFFmpeg

/// A source's Dolby Vision configuration, as a smart render sees it: its re-encoded pictures carry no Dolby
/// Vision metadata (no RPU) and no enhancement layer, so the record is kept only for a single-layer profile whose
/// base layer is a stream of its own that players show without the metadata: profile 8 with HDR10
/// (compatibility 1), SDR (2) or HLG (4), as an iPhone's 8.4 is, or profile 9 (H.264, SDR). Otherwise (profile 5,
/// whose base layer's colours need the metadata; 4 and 7, with an enhancement layer) the record is dropped with
/// a warning: FFmpeg cannot apply the metadata, so neither a smart nor a full render can show such a clip's true
/// colours without it.
struct DolbyVisionRecord {
  var profile: Int
  var compatibility: Int

  /// The record of `stream`; nil when it has none.
  init?(stream: UnsafeMutablePointer<AVStream>) {
    var profile: Int32 = 0
    var compatibility: Int32 = 0
    guard cm_stream_dovi(stream, &profile, &compatibility) != 0 else { return nil }
    self.profile = Int(profile)
    self.compatibility = Int(compatibility)
  }

  /// Whether the re-encoded pictures stay within the profile.
  var survivesReencoding: Bool {
    (profile == 8 && [1, 2, 4].contains(compatibility)) || (profile == 9 && compatibility == 2)
  }

  /// What a smart render says when it drops the record of `path`.
  func droppedWarning(path: String) -> String {
    "\(path): its Dolby Vision configuration (profile \(profile)) is dropped: the re-encoded pictures carry no "
      + "Dolby Vision metadata, and this profile has no HDR10, SDR or HLG picture that shows right without it"
  }
}
