internal import CLibass

/// Owns a libass renderer drawing at one frame size with fontconfig's fonts (ass_renderer_init /
/// ass_renderer_done). Keeps its library alive. One renderer draws every title and subtitle track of a render
/// that shares its default font (each renderer loads fontconfig's list of fonts: a few MB).
final class AssRenderer {
  let pointer: OpaquePointer
  let library: AssLibrary
  /// The track drawn last: libass says whether a frame changed from the one this renderer drew before.
  var lastTrack: ObjectIdentifier?

  /// A renderer for `width`×`height` frames whose default font is `defaultFamily` (ass_set_frame_size,
  /// ass_set_storage_size, ass_set_fonts).
  init(library: AssLibrary, width: Int, height: Int, defaultFamily: String) throws(EngineError) {
    guard let renderer = ass_renderer_init(library.pointer) else {
      throw .internalFailure(.text, "libass could not start a renderer")
    }
    pointer = renderer
    self.library = library
    ass_set_frame_size(renderer, Int32(width), Int32(height))
    ass_set_storage_size(renderer, Int32(width), Int32(height))
    ass_set_fonts(renderer, nil, defaultFamily, Int32(ASS_FONTPROVIDER_AUTODETECT.rawValue), nil, 1)
    // Its caches bounded: 500 glyphs and 64 MB of bitmaps (libass keeps up to 128 MB by default).
    ass_set_cache_limits(renderer, 500, 64)
  }

  deinit {
    ass_renderer_done(pointer)
  }
}
