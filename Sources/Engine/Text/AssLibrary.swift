internal import CLibass

/// Owns a libass library instance: fonts found through fontconfig, messages silenced
/// (ass_library_init / ass_library_done).
final class AssLibrary {
  let pointer: OpaquePointer

  init() throws(EngineError) {
    guard let library = ass_library_init() else { throw .internalFailure(.text, "libass could not start") }
    pointer = library
    cm_ass_silence(library)
  }

  deinit {
    ass_library_done(pointer)
  }
}
