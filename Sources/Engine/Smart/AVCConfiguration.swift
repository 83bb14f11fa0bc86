/// An H.264 decoder configuration record (`avcC`, ISO/IEC 14496-15): profile, level and the parameter sets a
/// stream's slices refer to by id. A smart render's output carries two sets in one record: the copied source's
/// (ids 0) and the re-encoding x264's (ids 1), so copied and re-encoded pictures each find their own.
struct AVCConfiguration: Equatable {
  var profile: UInt8
  var compatibility: UInt8
  var level: UInt8
  var sequenceParameterSets: [[UInt8]]
  var pictureParameterSets: [[UInt8]]

  /// Reads an `avcC` record; nil when `bytes` is not one (Annex B extradata, damage).
  init?(avcC bytes: [UInt8]) {
    guard bytes.count >= 7, bytes[0] == 1 else { return nil }
    profile = bytes[1]
    compatibility = bytes[2]
    level = bytes[3]
    guard bytes[4] & 0x03 == 3 else { return nil }  // 4-byte NAL lengths only
    var index = 5
    func sets(count: Int) -> [[UInt8]]? {
      var result: [[UInt8]] = []
      for _ in 0..<count {
        guard index + 2 <= bytes.count else { return nil }
        let length = Int(bytes[index]) << 8 | Int(bytes[index + 1])
        index += 2
        guard length > 0, index + length <= bytes.count else { return nil }
        result.append(Array(bytes[index..<index + length]))
        index += length
      }
      return result
    }
    let spsCount = Int(bytes[index] & 0x1F)
    index += 1
    guard let sps = sets(count: spsCount), index < bytes.count else { return nil }
    let ppsCount = Int(bytes[index])
    index += 1
    guard let pps = sets(count: ppsCount) else { return nil }
    sequenceParameterSets = sps
    pictureParameterSets = pps
  }

  /// The parameter sets of Annex B extradata (start-code separated, as libx264 gives them).
  init?(annexB bytes: [UInt8]) {
    let units = NALUnits.annexB(bytes)
    let sps = units.filter { ($0.first ?? 0) & 0x1F == 7 }
    let pps = units.filter { ($0.first ?? 0) & 0x1F == 8 }
    guard let first = sps.first, first.count >= 4, !pps.isEmpty else { return nil }
    profile = first[1]
    compatibility = first[2]
    level = first[3]
    sequenceParameterSets = sps
    pictureParameterSets = pps
  }

  init(
    profile: UInt8, compatibility: UInt8, level: UInt8, sequenceParameterSets: [[UInt8]],
    pictureParameterSets: [[UInt8]]
  ) {
    self.profile = profile
    self.compatibility = compatibility
    self.level = level
    self.sequenceParameterSets = sequenceParameterSets
    self.pictureParameterSets = pictureParameterSets
  }

  /// The record's bytes (4-byte NAL lengths).
  var bytes: [UInt8] {
    var out: [UInt8] = [1, profile, compatibility, level, 0xFF, 0xE0 | UInt8(sequenceParameterSets.count)]
    for sps in sequenceParameterSets { out += [UInt8(sps.count >> 8), UInt8(sps.count & 0xFF)] + sps }
    out.append(UInt8(pictureParameterSets.count))
    for pps in pictureParameterSets { out += [UInt8(pps.count >> 8), UInt8(pps.count & 0xFF)] + pps }
    // High profiles carry chroma format and bit depths after the sets; x264 and cameras write 4:2:0 8-bit.
    if [100, 110, 122, 144].contains(profile) { out += [0xFD, 0xF8, 0xF8, 0x00] }
    return out
  }

  /// Both records in one: `self`'s sets first, then `other`'s; the higher level. Nil when an id would be taken
  /// twice (both use the same SPS or PPS id).
  func merged(with other: AVCConfiguration) -> AVCConfiguration? {
    let spsIDs = sequenceParameterSets.compactMap(Self.sequenceSetID)
    let otherSPS = other.sequenceParameterSets.compactMap(Self.sequenceSetID)
    let ppsIDs = pictureParameterSets.compactMap(Self.pictureSetID)
    let otherPPS = other.pictureParameterSets.compactMap(Self.pictureSetID)
    guard spsIDs.count == sequenceParameterSets.count, otherSPS.count == other.sequenceParameterSets.count,
      Set(spsIDs).isDisjoint(with: otherSPS), Set(ppsIDs).isDisjoint(with: otherPPS)
    else { return nil }
    return AVCConfiguration(
      profile: profile, compatibility: compatibility & other.compatibility, level: max(level, other.level),
      sequenceParameterSets: sequenceParameterSets + other.sequenceParameterSets,
      pictureParameterSets: pictureParameterSets + other.pictureParameterSets)
  }

  /// `seq_parameter_set_id`: the first ue(v) after profile, constraints and level.
  static func sequenceSetID(_ nal: [UInt8]) -> Int? {
    var reader = BitReader(Array(nal.dropFirst(4)))
    return reader.unsignedExpGolomb()
  }

  /// `pic_parameter_set_id`: the first ue(v) of the PPS.
  static func pictureSetID(_ nal: [UInt8]) -> Int? {
    var reader = BitReader(Array(nal.dropFirst(1)))
    return reader.unsignedExpGolomb()
  }
}
