/// What an export session writes of its composition: all of it, or one part for a job cut into pieces (a
/// segment's video frames, timed from zero; the audio alone over the whole output's length).
enum ExportPart: Equatable {
  case whole
  case videoFrames(Range<Int64>)
  case audio

  var includesVideo: Bool { self != .audio }

  var includesAudio: Bool {
    if case .videoFrames = self { return false }
    return true
  }
}
