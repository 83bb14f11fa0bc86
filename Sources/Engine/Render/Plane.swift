/// One plane of a picture: base pointer, row stride (in samples), size and bits per sample. A borrowed view of a
/// `Frame`'s buffer, valid while the frame is alive and not reallocated. 8-bit pictures have `UInt8` samples
/// (`PlaneView`); deeper ones (the compositor's 10-bit HDR pictures, 16-bit widened ones) `UInt16`.
struct Plane<Sample: PlaneSample> {
  let base: UnsafeMutablePointer<Sample>
  let stride: Int
  let width: Int
  let height: Int
  /// Bits per sample: 8 for `UInt8`; 9 to 16 for `UInt16`.
  let depth: Int

  /// Plane `index` of a 4:2:0 frame (chroma planes 1 and 2 are half size, rounded up; luma 0 and alpha 3 are
  /// full size), or of a 4:4:4 frame when `fullChroma`; nil when the frame has no such plane or its samples are
  /// not `Sample`s.
  init?(_ frame: Frame, plane index: Int, fullChroma: Bool = false) {
    let depth = frame.bitDepth
    guard let data = frame.data(index), depth > 0, (depth + 7) / 8 == MemoryLayout<Sample>.size else { return nil }
    base = UnsafeMutableRawPointer(data).assumingMemoryBound(to: Sample.self)
    stride = frame.linesize(index) / MemoryLayout<Sample>.size
    let full = fullChroma || index == 0 || index == 3
    width = full ? frame.width : (frame.width + 1) / 2
    height = full ? frame.height : (frame.height + 1) / 2
    self.depth = depth
  }

  /// A view of memory laid out as a plane.
  init(base: UnsafeMutablePointer<Sample>, stride: Int, width: Int, height: Int, depth: Int = Sample.bitWidth) {
    (self.base, self.stride, self.width, self.height, self.depth) = (base, stride, width, height, depth)
  }

  func row(_ y: Int) -> UnsafeMutablePointer<Sample> { base + y * stride }

  func fill(_ value: Sample) {
    for y in 0..<height { row(y).update(repeating: value, count: width) }
  }

  /// The largest sample (255 at 8 bits, 1023 at 10): an opaque alpha.
  var maximum: Int { (1 << depth) - 1 }

  /// An 8-bit level (black 16, neutral chroma 128) at this plane's depth.
  func level(_ eightBit: Int) -> Int { eightBit << (depth - 8) }
}

/// An 8-bit plane.
typealias PlaneView = Plane<UInt8>
