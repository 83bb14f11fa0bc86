/// Moves an encoder's HEVC parameter sets to ids a copied stream leaves free, and its slices with them, so both
/// streams' sets can sit in one `hvcC` (x265, unlike x264, has no option to choose its ids).
///
/// An id is a field near the start of a unit's payload: the VPS's 4 bits, the SPS's Exp-Golomb code after its
/// profile, tier and level, the PPS's first two codes, a slice header's PPS code after one or two flags. A new
/// Exp-Golomb code of another length would shift every later bit, and a slice header's end is only found by
/// parsing all of it. So a new id is chosen whose code is longer by whole bytes (id 0's 1 bit becomes 9: ids 15
/// to 30): everything after the rewritten start moves by whole bytes, unchanged, the slice data with it.
struct HEVCRenumbering: Equatable {
  /// Each id of the encoder's, and the one it gets.
  var videoSet: (from: Int, to: Int)
  var sequenceSet: (from: Int, to: Int)
  var pictureSet: (from: Int, to: Int)

  static func == (a: HEVCRenumbering, b: HEVCRenumbering) -> Bool {
    a.videoSet == b.videoSet && a.sequenceSet == b.sequenceSet && a.pictureSet == b.pictureSet
  }

  /// The NAL unit type (0–63) of a unit.
  static func type(of unit: [UInt8]) -> UInt8 { unit.isEmpty ? 0xFF : unit[0] >> 1 & 0x3F }

  /// New ids for the sets of `encoder` (one VPS, SPS and PPS) that `source`'s sets do not use; nil when there is
  /// none (a source using SPS id 15 and x265's 0 taken), or a set cannot be read.
  init?(encoder: [[UInt8]], source: HEVCConfiguration) {
    guard let vps = encoder.first(where: { Self.type(of: $0) == HEVCConfiguration.videoSet }),
      let sps = encoder.first(where: { Self.type(of: $0) == HEVCConfiguration.sequenceSet }),
      let pps = encoder.first(where: { Self.type(of: $0) == HEVCConfiguration.pictureSet }),
      let v = Self.videoSetID(vps), let s = Self.sequenceSetFields(sps)?.id, let p = Self.pictureSetFields(pps)?.id
    else { return nil }
    let usedV = source.units(ofType: HEVCConfiguration.videoSet).compactMap(Self.videoSetID)
    let usedS = source.units(ofType: HEVCConfiguration.sequenceSet).compactMap { Self.sequenceSetFields($0)?.id }
    let usedP = source.units(ofType: HEVCConfiguration.pictureSet).compactMap { Self.pictureSetFields($0)?.id }
    guard usedV.count == source.units(ofType: HEVCConfiguration.videoSet).count,
      usedS.count == source.units(ofType: HEVCConfiguration.sequenceSet).count,
      usedP.count == source.units(ofType: HEVCConfiguration.pictureSet).count,
      let newV = (0...15).first(where: { !usedV.contains($0) }),
      let newS = Self.id(replacing: s, among: 0...15, taken: usedS),
      let newP = Self.id(replacing: p, among: 0...63, taken: usedP)
    else { return nil }
    videoSet = (v, newV)
    sequenceSet = (s, newS)
    pictureSet = (p, newP)
  }

  /// A free id whose Exp-Golomb code is as long as `id`'s, or longer by whole bytes.
  private static func id(replacing id: Int, among range: ClosedRange<Int>, taken: [Int]) -> Int? {
    let length = BitWriter.expGolombLength(id)
    return range.first { candidate in
      !taken.contains(candidate) && (BitWriter.expGolombLength(candidate) - length) % 8 == 0
        && BitWriter.expGolombLength(candidate) >= length
    }
  }

  /// `unit` with the encoder's ids replaced: a parameter set's own and the ones it refers to, a slice's PPS id;
  /// other units as they are. Nil when a unit of the encoder's cannot be read or names an id it did not announce.
  func rewrite(_ unit: [UInt8]) -> [UInt8]? {
    let type = Self.type(of: unit)
    var code = BitWriter()
    let end: Int
    switch type {
    case HEVCConfiguration.videoSet:
      guard Self.videoSetID(unit) == videoSet.from else { return nil }
      code.write(videoSet.to, bits: 4)
      end = 4
    case HEVCConfiguration.sequenceSet:
      guard let fields = Self.sequenceSetFields(unit), fields.id == sequenceSet.from,
        fields.videoSet == videoSet.from
      else { return nil }
      code.write(videoSet.to, bits: 4)
      let payload = NALUnits.unescaped(unit[2...])
      var reader = BitReader(unescaped: payload)
      _ = reader.read(bits: 4)
      while reader.position < fields.idStart, let bit = reader.read() { code.write(bit) }
      code.writeExpGolomb(sequenceSet.to)
      end = fields.idEnd
    case HEVCConfiguration.pictureSet:
      guard let fields = Self.pictureSetFields(unit), fields.id == pictureSet.from,
        fields.sequenceSet == sequenceSet.from
      else { return nil }
      code.writeExpGolomb(pictureSet.to)
      code.writeExpGolomb(sequenceSet.to)
      end = fields.end
    case 0...31:
      var reader = BitReader(unit.dropFirst(2).prefix(16).map { $0 })
      guard let first = reader.read() else { return nil }
      code.write(first)
      if (16...23).contains(type) {
        guard let flag = reader.read() else { return nil }
        code.write(flag)
      }
      guard reader.unsignedExpGolomb() == pictureSet.from else { return nil }
      code.writeExpGolomb(pictureSet.to)
      end = reader.position
    default:
      return unit
    }
    return Self.replacingStart(of: unit, upTo: end, with: code)
  }

  /// `unit` with its payload's first `end` bits replaced by `code` (longer or shorter by whole bytes), escaped
  /// again.
  static func replacingStart(of unit: [UInt8], upTo end: Int, with code: BitWriter) -> [UInt8]? {
    guard (code.count - end) % 8 == 0 else { return nil }
    // The rest of the payload moves by whole bytes as it is; the whole is escaped again (a zero pair may now
    // meet across the seam).
    let payload = NALUnits.unescaped(unit[2...])
    guard end <= payload.count * 8 else { return nil }
    var writer = code
    var reader = BitReader(unescaped: payload)
    while reader.position < end { _ = reader.read() }
    while reader.position % 8 != 0, let bit = reader.read() { writer.write(bit) }
    guard writer.count % 8 == 0 else { return nil }
    let rest = payload[(reader.position / 8)...]
    return Array(unit[0..<2]) + NALUnits.escaped(writer.bytes + rest)
  }

  /// `vps_video_parameter_set_id`: the payload's first 4 bits.
  static func videoSetID(_ unit: [UInt8]) -> Int? {
    guard unit.count > 2 else { return nil }
    return Int(unit[2] >> 4)
  }

  /// The SPS's own id, where its code lies in the payload, and the VPS it names.
  static func sequenceSetFields(_ unit: [UInt8]) -> (id: Int, idStart: Int, idEnd: Int, videoSet: Int)? {
    var reader = BitReader(Array(unit.dropFirst(2).prefix(128)))
    guard let videoSet = reader.read(bits: 4), let subLayers = reader.read(bits: 3), reader.read() != nil,
      reader.read(bits: 32) != nil, reader.read(bits: 32) != nil, reader.read(bits: 32) != nil
    else { return nil }
    // profile_tier_level: 96 bits of the general profile and level read; then the sub-layers'.
    var profilePresent: [Bool] = []
    var levelPresent: [Bool] = []
    for _ in 0..<subLayers {
      guard let p = reader.read(), let l = reader.read() else { return nil }
      profilePresent.append(p == 1)
      levelPresent.append(l == 1)
    }
    if subLayers > 0 {
      for _ in subLayers..<8 { guard reader.read(bits: 2) != nil else { return nil } }
    }
    for i in 0..<subLayers {
      if profilePresent[i] {
        guard reader.read(bits: 32) != nil, reader.read(bits: 32) != nil, reader.read(bits: 24) != nil else {
          return nil
        }
      }
      if levelPresent[i] { guard reader.read(bits: 8) != nil else { return nil } }
    }
    let start = reader.position
    guard let id = reader.unsignedExpGolomb(), id <= 15 else { return nil }
    return (id, start, reader.position, videoSet)
  }

  /// The PPS's own id, the SPS it names, and where the two codes end in the payload.
  static func pictureSetFields(_ unit: [UInt8]) -> (id: Int, sequenceSet: Int, end: Int)? {
    var reader = BitReader(Array(unit.dropFirst(2).prefix(16)))
    guard let id = reader.unsignedExpGolomb(), id <= 63, let sequenceSet = reader.unsignedExpGolomb(),
      sequenceSet <= 15
    else { return nil }
    return (id, sequenceSet, reader.position)
  }
}
