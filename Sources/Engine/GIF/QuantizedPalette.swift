internal import CLibimagequant

/// A palette made by `PaletteQuantizer` (libimagequant's `liq_result`, owned here): its colours, and pictures
/// remapped to it with dithering.
final class QuantizedPalette {
  private let result: OpaquePointer
  private let attributes: OpaquePointer
  /// The quantizer whose attributes the result uses: kept alive as long as the result.
  private let owner: PaletteQuantizer

  init(result: OpaquePointer, attributes: OpaquePointer, owner: PaletteQuantizer) {
    self.result = result
    self.attributes = attributes
    self.owner = owner
    liq_set_dithering_level(result, 1.0)
  }

  deinit {
    liq_result_destroy(result)
  }

  /// The colours as libavcodec's PAL8 palette wants them: 32-bit ARGB in native byte order, 256 entries.
  var argb: [UInt32] {
    var colors = [UInt32](repeating: 0, count: 256)
    guard let palette = liq_get_palette(result)?.pointee else { return colors }
    withUnsafeBytes(of: palette.entries) { raw in
      let entries = raw.bindMemory(to: liq_color.self)
      for i in 0..<min(Int(palette.count), 256) {
        let c = entries[i]
        colors[i] = UInt32(c.a) << 24 | UInt32(c.r) << 16 | UInt32(c.g) << 8 | UInt32(c.b)
      }
    }
    return colors
  }

  /// A `width`×`height` RGBA picture as palette indices, dithered.
  func remap(_ pixels: [UInt8], width: Int, height: Int) throws(EngineError) -> [UInt8] {
    let image = try QuantizerImage(attributes: attributes, pixels: pixels, width: width, height: height)
    var indices = [UInt8](repeating: 0, count: width * height)
    let status = indices.withUnsafeMutableBytes { buffer in
      liq_write_remapped_image(result, image.pointer, buffer.baseAddress!, buffer.count)
    }
    guard status == LIQ_OK else { throw .internalFailure(.gifPalette, "liq_write_remapped_image failed") }
    return indices
  }
}
