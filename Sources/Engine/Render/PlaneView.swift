/// One plane of an 8-bit picture: base pointer, row stride, size. A borrowed view of a `Frame`'s buffer, valid
/// while the frame is alive and not reallocated.
struct PlaneView {
  let base: UnsafeMutablePointer<UInt8>
  let stride: Int
  let width: Int
  let height: Int

  /// Plane `index` of a 4:2:0 frame (chroma planes 1 and 2 are half size, rounded up; luma 0 and alpha 3 are
  /// full size), or of a 4:4:4 frame when `fullChroma`.
  init?(_ frame: Frame, plane index: Int, fullChroma: Bool = false) {
    guard let base = frame.data(index) else { return nil }
    self.base = base
    stride = frame.linesize(index)
    let full = fullChroma || index == 0 || index == 3
    width = full ? frame.width : (frame.width + 1) / 2
    height = full ? frame.height : (frame.height + 1) / 2
  }

  /// A view of memory laid out as a plane.
  init(base: UnsafeMutablePointer<UInt8>, stride: Int, width: Int, height: Int) {
    (self.base, self.stride, self.width, self.height) = (base, stride, width, height)
  }

  func row(_ y: Int) -> UnsafeMutablePointer<UInt8> { base + y * stride }

  func fill(_ value: UInt8) {
    for y in 0..<height { row(y).update(repeating: value, count: width) }
  }
}
