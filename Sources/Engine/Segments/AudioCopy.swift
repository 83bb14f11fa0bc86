internal import CFFmpeg
import Composition

/// The audio a job rendered once over the whole timeline (`SegmentRenderer.renderAudio`), copied packet by packet
/// into the joined output with its own timestamps (its encoder priming included, so the output's edit list hides
/// it as a single render's does), interleaved with the video as it goes.
final class AudioCopy {
  private let path: String
  private let input: InputFile
  private let index: Int
  private let inputBase: AVRational
  private let packet: Packet
  private var pending = false
  private var ended = false
  let stream: Int

  /// Opens `path`'s audio and adds its stream to `output` (before its header is written).
  init(path: String, output: Muxer, keepTag: Bool) throws(EngineError) {
    self.path = path
    do {
      input = try InputFile.forCopy(path: path)
      guard let index = StreamSelection.audioStream(of: input) else {
        throw EngineError.invalidInput(path: path, reason: "no audio stream")
      }
      self.index = index
      input.discardAll(except: index)
      inputBase = input.stream(index).pointee.time_base
      stream = try output.addStream(copying: input.stream(index), keepTag: keepTag)
      packet = try Packet()
    } catch let error as EngineError {
      throw error
    } catch let error as FFmpegError {
      throw .readFailed(path: path, error, reason: "cannot read the audio")
    } catch {
      throw .invalidInput(path: path, reason: "cannot read the audio (\(error))")
    }
  }

  /// Copies the packets that start before `end` (nil: all that are left).
  func write(upTo end: MediaTime?, into output: PacketWriter) throws(EngineError) {
    while true {
      if !pending {
        guard !ended, try input.nextPacket(into: packet) else {
          ended = true
          return
        }
        guard Int(packet.streamIndex) == index else {
          packet.unref()
          continue
        }
        pending = true
      }
      if let end, let start = Timestamp.time(packet.pointer.pointee.pts, inputBase), start >= end { return }
      pending = false
      try output.write(packet, stream: stream, from: inputBase)
    }
  }
}
