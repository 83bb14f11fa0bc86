/// One plane of an 8-bit picture: base pointer, row stride, size. A borrowed view of a `Frame`'s buffer, valid
/// while the frame is alive and not reallocated.
struct PlaneView {
  let base: UnsafeMutablePointer<UInt8>
  let stride: Int
  let width: Int
  let height: Int

  /// Plane `index` of a 4:2:0 frame (chroma planes are half size, rounded up).
  init?(_ frame: Frame, plane index: Int) {
    guard let base = frame.data(index) else { return nil }
    self.base = base
    stride = frame.linesize(index)
    width = index == 0 ? frame.width : (frame.width + 1) / 2
    height = index == 0 ? frame.height : (frame.height + 1) / 2
  }

  func row(_ y: Int) -> UnsafeMutablePointer<UInt8> { base + y * stride }

  func fill(_ value: UInt8) {
    for y in 0..<height { row(y).update(repeating: value, count: width) }
  }
}
