import Composition
import Foundation

/// What went wrong in the engine, grouped by stage, each naming the file involved.
public enum EngineError: Error, Sendable {
  /// The input does not exist or cannot be read.
  case inputUnreadable(path: String, reason: String)
  /// The input exists but is not media FFmpeg can read, or lacks what is needed.
  case invalidInput(path: String, reason: String)
  /// Decoding failed at a time in the input (damaged data).
  case decodeFailed(path: String, time: MediaTime?, reason: String)
  /// The output cannot be created or written.
  case outputFailed(path: String, reason: String)
  /// The output is a pipe whose reader has gone (a broken pipe): nothing more can be written.
  case readerGone(path: String)
  /// The clips cannot be joined without re-encoding; says which clip and which parameter.
  case cannotCopy(String)
  /// The composition is not valid.
  case invalidComposition(InvalidComposition)
  /// The render was interrupted by a signal; nothing was written.
  case interrupted
  /// The render was interrupted by a signal after part of it had gone to standard output.
  case interruptedStreaming
  /// A failure of the engine itself or of a library it drives, in `stage`.
  case internalFailure(EngineStage, String)
  /// The system refused what a file needs: too many files open, out of memory.
  case systemRefused(path: String, reason: String)
  /// Reading the input failed part way (an I/O error, not the file's data): never taken for its end.
  case readError(path: String, reason: String)
}

extension EngineError: CustomStringConvertible {
  /// The message for the user; for a file's problem, its path first (`in.mp4: decoding failed at 2.500 s: ...`).
  public var description: String {
    switch self {
    case .inputUnreadable(let path, let reason): return "\(path): \(reason)"
    case .invalidInput(let path, let reason): return "\(path): \(reason)"
    case .decodeFailed(let path, let time, let reason):
      let at = time.map { " at \($0.secondsText)" } ?? ""
      return "\(path): decoding failed\(at): \(reason)"
    case .outputFailed(let path, let reason): return "\(path): \(reason)"
    case .readerGone(let path): return "\(path): the reader of the output went away (a broken pipe)"
    case .cannotCopy(let reason): return "--copy: cannot join without re-encoding: \(reason)"
    case .invalidComposition(let invalid): return "invalid composition: \(invalid)"
    case .interrupted: return "interrupted; no output written"
    case .interruptedStreaming:
      return "interrupted; what had been written to standard output stops mid-stream (an incomplete file)"
    case .internalFailure(let stage, let message): return "internal error while \(stage.rawValue): \(message)"
    case .systemRefused(let path, let reason): return "\(path): \(reason)"
    case .readError(let path, let reason): return "\(path): \(reason)"
    }
  }
}

extension EngineError {
  /// A failed read or open of the input `path`: a system limit (too many open files, out of memory) is the
  /// system's refusal (exit 71); an I/O error that the file's reader met (`ioFailed`: FFmpeg's demuxers also say
  /// EIO for a file cut short, which is the file's problem) a failed read (74); anything else the file's
  /// problem, said as `reason` with FFmpeg's words after it.
  /// Out of memory without a limit set is the file's doing: FFmpeg says ENOMEM for an index that declares sizes no
  /// file has (one bit flipped in `moov`), so that is a damaged file (65).
  static func readFailed(path: String, _ error: FFmpegError, reason: String, ioFailed: Bool = false) -> EngineError {
    if error.code == -ENOMEM && SystemLimits.restricting.isEmpty {
      return .invalidInput(
        path: path, reason: "cannot be opened: the file is damaged (its index declares more than any file holds)")
    }
    if [EMFILE, ENFILE, ENOMEM].map({ -$0 }).contains(error.code) {
      return .systemRefused(path: path, reason: "cannot be opened: \(error.message.lowercased())")
    }
    if ioFailed {
      return .readError(path: path, reason: "cannot be read: \(error.message.lowercased())")
    }
    return .invalidInput(path: path, reason: "\(reason) (\(error))")
  }

  /// A failed write of a packet to `path`: a broken pipe is the reader gone, anything else a failed output.
  static func writeFailed(path: String, _ error: FFmpegError) -> EngineError {
    error.code == -EPIPE
      ? .readerGone(path: path) : .outputFailed(path: path, reason: "cannot write (\(error.message))")
  }
}

extension EngineError: LocalizedError {
  /// The same words as the command line's error line (`description`), for `localizedDescription` and a top-level
  /// script's uncaught error.
  public var errorDescription: String? { description }
}
