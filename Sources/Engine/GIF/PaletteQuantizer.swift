internal import CLibimagequant

/// Gathers the colours of many RGBA pictures into one histogram (libimagequant's `liq_attr` and
/// `liq_histogram`, owned here) and makes the palette of up to 256 colours that serves them all best.
final class PaletteQuantizer {
  private let attributes: OpaquePointer
  private let histogram: OpaquePointer

  init() throws(EngineError) {
    guard let attributes = liq_attr_create() else { throw .internalFailure(.gifPalette, "liq_attr_create failed") }
    // Speed 4 of 1-10: libimagequant's default trade of time for palette quality.
    liq_set_speed(attributes, 4)
    guard let histogram = liq_histogram_create(attributes) else {
      liq_attr_destroy(attributes)
      throw .internalFailure(.gifPalette, "liq_histogram_create failed")
    }
    self.attributes = attributes
    self.histogram = histogram
  }

  deinit {
    liq_histogram_destroy(histogram)
    liq_attr_destroy(attributes)
  }

  /// Adds the colours of a `width`×`height` RGBA picture (rows packed).
  func add(_ pixels: [UInt8], width: Int, height: Int) throws(EngineError) {
    let image = try QuantizerImage(attributes: attributes, pixels: pixels, width: width, height: height)
    guard liq_histogram_add_image(histogram, attributes, image.pointer) == LIQ_OK else {
      throw .internalFailure(.gifPalette, "liq_histogram_add_image failed")
    }
  }

  /// The palette for every picture added, remapping with Floyd–Steinberg dithering.
  func palette() throws(EngineError) -> QuantizedPalette {
    var result: OpaquePointer?
    guard liq_histogram_quantize(histogram, attributes, &result) == LIQ_OK, let result else {
      throw .internalFailure(.gifPalette, "liq_histogram_quantize failed")
    }
    return QuantizedPalette(result: result, attributes: attributes, owner: self)
  }
}
