import Composition

/// Reads decoded pictures of a file's video stream by time, forward only, as 8-bit 4:2:0 in the picture's own
/// matrix: what a player would show, for tests and diagnostics.
package final class PictureGrabber {
  private let reader: VideoReader
  private let scalers = ScalerCache()

  package init(path: String) throws(EngineError) {
    try MediaProbe.checkReadable(path)
    reader = try VideoReader(path: path, start: .zero)
  }

  /// The picture showing at `time` (source time from the file's start); times must not go backwards.
  package func picture(at time: MediaTime) throws(EngineError) -> PictureSample? {
    guard let picture = try reader.picture(at: time) else { return nil }
    let frame: Frame
    do {
      frame = try scalers.normalize(picture, matrix: ColorMatrix.guess(height: picture.frame.height))
    } catch {
      throw .internalFailure(.decoding, "\(error)")
    }
    return PictureSample(frame: frame, time: picture.time)
  }

  /// The presentation time of every picture in the stream, in order (reads the whole stream).
  package static func frameTimes(path: String) throws(EngineError) -> [MediaTime] {
    let reader = try VideoReader(path: path, start: .zero)
    var times: [MediaTime] = []
    while let picture = try reader.nextPicture() { times.append(picture.time) }
    return times
  }
}
