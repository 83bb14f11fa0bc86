/// The decoder configuration record of a smart render's output, which lists the copied source's parameter sets
/// and the re-encoding encoder's under ids of their own, and how that encoder's pictures become the output's
/// samples: x264's as they are (ids 1) beside an `avcC`'s sets; x265's renumbered beside an `hvcC`'s, a keyframe
/// without SEI of its own led by the SEI of x265's headers (HDR10's mastering display and light levels), as
/// every re-encoded run starts a sequence of its own.
enum SmartRecord {
  case avc(AVCConfiguration)
  case hevc(HEVCConfiguration, HEVCRenumbering, keyframeSEI: [[UInt8]])

  /// The record for the source's `record` (`avcC` or `hvcC`) and the encoder's parameter sets (Annex B units);
  /// nil when they cannot share one record (an id taken twice, no free id, a set that cannot be read).
  init?(source record: [UInt8], encoder sets: [[UInt8]], codec: StreamFacts.Codec) {
    switch codec {
    case .h264:
      guard let own = AVCConfiguration(avcC: record),
        let x264 = AVCConfiguration(annexB: sets.flatMap { [0, 0, 1] + $0 }),
        let merged = own.merged(with: x264)
      else { return nil }
      self = .avc(merged)
    case .hevc:
      guard let own = HEVCConfiguration(hvcC: record), let renumbering = HEVCRenumbering(encoder: sets, source: own)
      else { return nil }
      let types = [HEVCConfiguration.videoSet, HEVCConfiguration.sequenceSet, HEVCConfiguration.pictureSet]
      var renumbered: [[UInt8]] = []
      for unit in sets where types.contains(HEVCRenumbering.type(of: unit)) {
        guard let rewritten = renumbering.rewrite(unit) else { return nil }
        renumbered.append(rewritten)
      }
      self = .hevc(
        own.adding(renumbered, level: Self.level(ofSequenceSets: sets) ?? own.level), renumbering,
        keyframeSEI: sets.filter { HEVCRenumbering.type(of: $0) == 39 })
    }
  }

  /// The record's bytes, for the output stream's extradata.
  var bytes: [UInt8] {
    switch self {
    case .avc(let record): return record.bytes
    case .hevc(let record, _, _): return record.bytes
    }
  }

  /// An encoded picture (Annex B) as an MP4 sample: parameter sets and access unit delimiters dropped (the
  /// record lists the sets), HEVC ids renumbered, an HEVC keyframe led by x265's header SEI; nil when a unit
  /// cannot be rewritten.
  func sample(annexB bytes: [UInt8], keyframe: Bool) -> [UInt8]? {
    var units: [[UInt8]] = []
    let given = NALUnits.annexB(bytes)
    if keyframe, case .hevc(_, _, let sei) = self, !given.contains(where: { HEVCRenumbering.type(of: $0) == 39 }) {
      units = sei
    }
    for unit in given {
      switch self {
      case .avc:
        if ![7, 8].contains(unit[0] & 0x1F) { units.append(unit) }
      case .hevc(_, let renumbering, _):
        guard !(32...35).contains(HEVCRenumbering.type(of: unit)) else { continue }
        guard let rewritten = renumbering.rewrite(unit) else { return nil }
        units.append(rewritten)
      }
    }
    return NALUnits.lengthPrefixed(units)
  }

  /// The `general_level_idc` of the first SPS among `sets` (its profile, tier and level follow 2 header bytes
  /// and 1 byte of ids and layers).
  private static func level(ofSequenceSets sets: [[UInt8]]) -> UInt8? {
    guard let sps = sets.first(where: { HEVCRenumbering.type(of: $0) == HEVCConfiguration.sequenceSet }) else {
      return nil
    }
    let payload = NALUnits.unescaped(sps[2...])
    return payload.count > 12 ? payload[12] : nil
  }
}
