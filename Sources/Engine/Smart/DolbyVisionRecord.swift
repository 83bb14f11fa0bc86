internal import CFFmpeg

/// A source's Dolby Vision configuration, as a smart render sees it: its re-encoded pictures carry no Dolby
/// Vision metadata (no RPU), so the record is kept only when the profile's base layer is a stream of its own
/// that players show without the metadata: HDR10 (compatibility 1), SDR (2) or HLG (4), as profile 8.4 of an
/// iPhone is. Profile 5's base layer needs the metadata to look right: its record is dropped, with a warning.
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
  var survivesReencoding: Bool { [1, 2, 4].contains(compatibility) }

  /// What a smart render says when it drops the record.
  var droppedWarning: String {
    "the Dolby Vision configuration (profile \(profile)) is dropped: the re-encoded pictures carry no Dolby Vision "
      + "metadata, and this profile has no HDR10, SDR or HLG picture to show without it"
  }
}
