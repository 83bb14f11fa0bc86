/// An HEVC decoder configuration record (`hvcC`, ISO/IEC 14496-15 8.3.3): profile, tier, level, formats and
/// arrays of the parameter sets (and SEI) a stream's slices refer to by id. A smart render's output lists the
/// copied source's sets and x265's, renumbered apart (`HEVCRenumbering`), in one record, as Apple's players want
/// them (`hvc1`: no parameter set inside the samples).
struct HEVCConfiguration: Equatable {
  /// One array: a NAL unit type, whether the record holds every unit of that type the stream uses, the units.
  struct UnitArray: Equatable {
    var type: UInt8
    var complete: Bool
    var units: [[UInt8]]
  }

  static let videoSet: UInt8 = 32
  static let sequenceSet: UInt8 = 33
  static let pictureSet: UInt8 = 34

  /// The 22 bytes before the arrays: version, profile space, tier and profile, compatibility and constraint
  /// flags, level, segmentation, parallelism, chroma format, bit depths, frame rate, temporal layers, length size.
  var header: [UInt8]
  var arrays: [UnitArray]

  /// Reads an `hvcC` record; nil when `bytes` is not one, or its samples' lengths are not 4 bytes.
  init?(hvcC bytes: [UInt8]) {
    guard bytes.count >= 23, bytes[0] == 1, bytes[21] & 0x03 == 3 else { return nil }
    header = Array(bytes[0..<22])
    arrays = []
    var index = 23
    for _ in 0..<Int(bytes[22]) {
      guard index + 3 <= bytes.count else { return nil }
      var array = UnitArray(type: bytes[index] & 0x3F, complete: bytes[index] & 0x80 != 0, units: [])
      let count = Int(bytes[index + 1]) << 8 | Int(bytes[index + 2])
      index += 3
      for _ in 0..<count {
        guard index + 2 <= bytes.count else { return nil }
        let length = Int(bytes[index]) << 8 | Int(bytes[index + 1])
        index += 2
        guard length >= 2, index + length <= bytes.count else { return nil }
        array.units.append(Array(bytes[index..<index + length]))
        index += length
      }
      arrays.append(array)
    }
  }

  init(header: [UInt8], arrays: [UnitArray]) {
    self.header = header
    self.arrays = arrays
  }

  /// The record's bytes.
  var bytes: [UInt8] {
    var out = header
    out.append(UInt8(arrays.count))
    for array in arrays {
      out += [(array.complete ? 0x80 : 0) | array.type, UInt8(array.units.count >> 8), UInt8(array.units.count & 0xFF)]
      for unit in array.units { out += [UInt8(unit.count >> 8), UInt8(unit.count & 0xFF)] + unit }
    }
    return out
  }

  /// `general_level_idc` (30 × the level).
  var level: UInt8 {
    get { header[12] }
    set { header[12] = newValue }
  }

  /// The units of one type, in the record's order.
  func units(ofType type: UInt8) -> [[UInt8]] {
    arrays.filter { $0.type == type }.flatMap(\.units)
  }

  /// The record with `extra` parameter sets (VPS, SPS, PPS, by their NAL type) listed after its own of each type,
  /// and the higher of the two levels.
  func adding(_ extra: [[UInt8]], level otherLevel: UInt8) -> HEVCConfiguration {
    var result = self
    result.level = max(level, otherLevel)
    for type in [Self.videoSet, Self.sequenceSet, Self.pictureSet] {
      let units = extra.filter { HEVCRenumbering.type(of: $0) == type }
      guard !units.isEmpty else { continue }
      if let at = result.arrays.firstIndex(where: { $0.type == type }) {
        result.arrays[at].units += units
      } else {
        let at = result.arrays.firstIndex(where: { $0.type > type }) ?? result.arrays.count
        result.arrays.insert(UnitArray(type: type, complete: true, units: units), at: at)
      }
    }
    return result
  }
}
