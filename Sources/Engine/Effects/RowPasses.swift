internal import CEffectKernels

/// The horizontal passes of a `BoxBlur` with small radii, along one row at a time: each pass sums the row's
/// 16-bit samples shifted by −r…r, with no transposing. The C kernel `clipmerge_box_rows`, whose loops the compiler
/// vectorizes for SSE2, AVX2 and AVX-512, the widest the machine has picked at run time. Cheaper than `LanePasses`
/// up to a radius of three, and the same output: the same sums, rounded the same way, the row's ends repeated
/// outward.
enum RowPasses {
  static let maximumRadius = 3

  /// The 16-bit samples `run`'s `buffer` holds for rows `width` samples wide: two rows, each with the padding
  /// either side and room past its end.
  static func samples(width: Int) -> Int { 2 * (width + 3 * Int(CLIPMERGE_ROW_PAD)) }

  /// The passes of `radii` (each at most `maximumRadius`) along every row of `source` into `target`.
  static func run(from source: PlaneView, into target: PlaneView, radii: [Int], buffer: UnsafeMutablePointer<UInt16>) {
    let radii = radii.map { Int32($0) }
    radii.withUnsafeBufferPointer {
      clipmerge_box_rows(
        source.base, source.stride, target.base, target.stride, Int32(source.width), Int32(source.height),
        $0.baseAddress, Int32($0.count), buffer)
    }
  }
}
