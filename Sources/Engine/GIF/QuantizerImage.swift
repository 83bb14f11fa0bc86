internal import CLibimagequant

/// One RGBA picture as libimagequant reads it (`liq_image`, owned here). libimagequant keeps a pointer to the
/// pixels, so the image holds them too.
final class QuantizerImage {
  let pointer: OpaquePointer
  private let pixels: UnsafeMutableBufferPointer<UInt8>

  init(attributes: OpaquePointer, pixels source: [UInt8], width: Int, height: Int) throws(EngineError) {
    guard source.count == width * height * 4 else {
      throw .internalFailure(.gifPalette, "an RGBA picture of the wrong size")
    }
    pixels = .allocate(capacity: source.count)
    _ = pixels.initialize(from: source)
    guard let image = liq_image_create_rgba(attributes, pixels.baseAddress!, Int32(width), Int32(height), 0) else {
      pixels.deallocate()
      throw .internalFailure(.gifPalette, "liq_image_create_rgba failed")
    }
    pointer = image
  }

  deinit {
    liq_image_destroy(pointer)
    pixels.deallocate()
  }
}
