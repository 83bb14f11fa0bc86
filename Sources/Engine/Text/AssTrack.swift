internal import CLibass

/// Owns a libass track: a script's styles and events (ass_new_track or ass_read_memory / ass_free_track). Keeps
/// its library alive.
final class AssTrack {
  let pointer: UnsafeMutablePointer<ASS_Track>
  private let library: AssLibrary

  /// A track read from a whole ASS script (ass_read_memory).
  convenience init(library: AssLibrary, script: String) throws(EngineError) {
    var bytes = Array(script.utf8CString)
    let count = bytes.count - 1
    guard
      let track = bytes.withUnsafeMutableBufferPointer({ buffer in
        ass_read_memory(library.pointer, buffer.baseAddress, count, nil)
      })
    else { throw .internalFailure(.text, "libass could not read the text's script") }
    self.init(library: library, track: track)
  }

  private init(library: AssLibrary, track: UnsafeMutablePointer<ASS_Track>) {
    pointer = track
    self.library = library
    // Right-to-left and mixed scripts laid out over the whole line, as a text engine should.
    _ = ass_track_set_feature(track, ASS_FEATURE_WHOLE_TEXT_LAYOUT, 1)
    _ = ass_track_set_feature(track, ASS_FEATURE_BIDI_BRACKETS, 1)
  }

  deinit {
    ass_free_track(pointer)
  }
}

extension AssTrack {
  /// A track of events given one by one (subtitle cues decoded by FFmpeg): the script's header (styles) first,
  /// then each event's line, `ReadOrder,Layer,Style,Name,MarginL,MarginR,MarginV,Effect,Text`, with its time
  /// in milliseconds (ass_new_track, ass_process_codec_private, ass_process_chunk), as FFmpeg's subtitles filter
  /// feeds libass.
  convenience init(library: AssLibrary, header: String, events: [SubtitleEvent]) throws(EngineError) {
    guard let track = ass_new_track(library.pointer) else {
      throw .internalFailure(.text, "libass could not start a track")
    }
    self.init(library: library, track: track)
    // Within bounds (`AssLimits`): a few bytes of a cue cannot ask libass for gigabytes.
    var head = Array(AssLimits.header(header).utf8CString)
    head.withUnsafeMutableBufferPointer { ass_process_codec_private(track, $0.baseAddress, Int32($0.count - 1)) }
    let height = AssLimits.height(of: header)
    for event in events {
      var line = Array(AssLimits.event(event.line, height: height).utf8CString)
      line.withUnsafeMutableBufferPointer {
        ass_process_chunk(track, $0.baseAddress, Int32($0.count - 1), event.start, event.duration)
      }
    }
  }
}
