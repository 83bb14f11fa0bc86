/// A 3D colour lookup table read from a `.cube` file (Adobe's Cube LUT format, the one colourists exchange):
/// `LUT_3D_SIZE N`, optional `TITLE`, `DOMAIN_MIN` and `DOMAIN_MAX`, `#` comments, then N³ lines of `R G B`
/// with red changing fastest. Parsed by hand into floats; any other content is an error naming the line.
struct CubeLUT: Sendable {
  struct ParseError: Error, Sendable, CustomStringConvertible {
    let line: Int
    let message: String
    var description: String { line > 0 ? "line \(line): \(message)" : message }
  }

  /// Points along each axis.
  let size: Int
  let domainMin: SIMD3<Float>
  let domainMax: SIMD3<Float>
  /// `size`³ colours, red fastest, then green, then blue.
  let values: [SIMD3<Float>]

  /// The largest table read (129³ colours, 26 MB of floats).
  static let maximumSize = 129

  init(parsing text: Substring) throws(ParseError) {
    var size: Int?
    var domainMin = SIMD3<Float>(0, 0, 0)
    var domainMax = SIMD3<Float>(1, 1, 1)
    var values: [SIMD3<Float>] = []
    var lineNumber = 0
    // Lines end in LF, CRLF (one Character in Swift) or CR.
    for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      lineNumber += 1
      let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
      let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
      guard let keyword = words.first else { continue }
      func numbers(_ count: Int) throws(ParseError) -> [Float] {
        let found = words.dropFirst().compactMap { Float($0) }.filter(\.isFinite)
        guard words.count == count + 1, found.count == count else {
          throw ParseError(line: lineNumber, message: "expected \(count) numbers after \(keyword)")
        }
        return found
      }
      switch keyword {
      case "TITLE":
        continue
      case "LUT_3D_SIZE":
        guard size == nil else { throw ParseError(line: lineNumber, message: "LUT_3D_SIZE given twice") }
        guard words.count == 2, let n = Int(words[1]), (2...Self.maximumSize).contains(n) else {
          throw ParseError(
            line: lineNumber, message: "LUT_3D_SIZE must be a whole number from 2 to \(Self.maximumSize)")
        }
        size = n
        values.reserveCapacity(n * n * n)
      case "LUT_1D_SIZE":
        throw ParseError(line: lineNumber, message: "a 1D table (LUT_1D_SIZE); only 3D tables are read")
      case "DOMAIN_MIN":
        let n = try numbers(3)
        domainMin = SIMD3(n[0], n[1], n[2])
      case "DOMAIN_MAX":
        let n = try numbers(3)
        domainMax = SIMD3(n[0], n[1], n[2])
      default:
        guard let first = keyword.first, first.isNumber || first == "-" || first == "." || first == "+" else {
          throw ParseError(line: lineNumber, message: "a line that is neither a keyword of .cube tables nor a colour")
        }
        guard let size else { throw ParseError(line: lineNumber, message: "a colour before LUT_3D_SIZE") }
        let parsed = words.compactMap { Float($0) }.filter(\.isFinite)
        guard words.count == 3, parsed.count == 3 else {
          throw ParseError(line: lineNumber, message: "expected three numbers (red green blue)")
        }
        guard values.count < size * size * size else {
          throw ParseError(line: lineNumber, message: "more than \(size)³ colours")
        }
        values.append(SIMD3(parsed[0], parsed[1], parsed[2]))
      }
    }
    guard let size else { throw ParseError(line: 0, message: "no LUT_3D_SIZE line: not a 3D .cube table") }
    guard values.count == size * size * size else {
      throw ParseError(
        line: 0, message: "\(values.count) colours where LUT_3D_SIZE \(size) needs \(size * size * size)")
    }
    guard (0..<3).allSatisfy({ domainMax[$0] > domainMin[$0] }) else {
      throw ParseError(line: 0, message: "DOMAIN_MAX must be above DOMAIN_MIN")
    }
    (self.size, self.domainMin, self.domainMax, self.values) = (size, domainMin, domainMax, values)
  }

  /// The table's colour for `rgb` (0...1 each, clamped into the domain), interpolated trilinearly.
  func lookup(_ rgb: SIMD3<Float>) -> SIMD3<Float> {
    let last = Float(size - 1)
    var p = (rgb - domainMin) / (domainMax - domainMin) * last
    p = p.clamped(lowerBound: SIMD3(repeating: 0), upperBound: SIMD3(repeating: last))
    let i0 = SIMD3<Int>(Int(p.x), Int(p.y), Int(p.z))
    let f = p - SIMD3<Float>(Float(i0.x), Float(i0.y), Float(i0.z))
    let i1 = SIMD3<Int>(min(i0.x + 1, size - 1), min(i0.y + 1, size - 1), min(i0.z + 1, size - 1))
    func at(_ r: Int, _ g: Int, _ b: Int) -> SIMD3<Float> { values[(b * size + g) * size + r] }
    let c00 = at(i0.x, i0.y, i0.z) + (at(i1.x, i0.y, i0.z) - at(i0.x, i0.y, i0.z)) * f.x
    let c10 = at(i0.x, i1.y, i0.z) + (at(i1.x, i1.y, i0.z) - at(i0.x, i1.y, i0.z)) * f.x
    let c01 = at(i0.x, i0.y, i1.z) + (at(i1.x, i0.y, i1.z) - at(i0.x, i0.y, i1.z)) * f.x
    let c11 = at(i0.x, i1.y, i1.z) + (at(i1.x, i1.y, i1.z) - at(i0.x, i1.y, i1.z)) * f.x
    let c0 = c00 + (c10 - c00) * f.y
    let c1 = c01 + (c11 - c01) * f.y
    return c0 + (c1 - c0) * f.z
  }
}
