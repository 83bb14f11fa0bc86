/// The process exit codes clipmerge documents (the BSD sysexits values, plus 130 for an interrupt).
public enum ExitCode: Int32, Sendable, CaseIterable {
  case success = 0
  /// The command line is wrong.
  case usage = 64
  /// An input or spec has bad data: not media, no usable stream, damaged, an impossible composition.
  case dataError = 65
  /// An input is missing or cannot be read.
  case noInput = 66
  /// A program an input needs is not installed (OpenTimelineIO's adapters for an EDL or an XML timeline).
  case unavailable = 69
  /// A failure of clipmerge itself.
  case software = 70
  /// The system refused a resource: too many files open, out of memory.
  case osError = 71
  /// The output cannot be created or written.
  case cannotCreate = 73
  /// Reading an input failed part way (an I/O error): the file is not at fault, the disk or the network is.
  case ioError = 74
  /// Stopped by SIGINT, SIGTERM or SIGHUP.
  case interrupted = 130
  /// Standard output was closed by its reader (a broken pipe, with SIGPIPE ignored).
  case brokenPipe = 141

  var meaning: String {
    switch self {
    case .success: return "success"
    case .usage: return "usage error: unknown option, bad value, missing argument"
    case .dataError: return "bad input data: not media, no video stream, undecodable, impossible composition"
    case .noInput: return "an input is missing or unreadable"
    case .unavailable: return "a program the input needs is not installed (OTIO's adapters for .edl, .xml, .fcpxml)"
    case .software: return "internal error"
    case .osError: return "the system refused a resource: too many files open, out of memory, no thread"
    case .cannotCreate: return "the output cannot be created (exists without -y, no such folder, write failed)"
    case .ioError: return "an input could not be read to its end (an I/O error); no output left behind"
    case .interrupted: return "interrupted by SIGINT, SIGTERM or SIGHUP (no output left behind)"
    case .brokenPipe: return "standard output closed by its reader (a broken pipe); nothing else left behind"
    }
  }
}
