internal import CFFmpeg

/// A failed FFmpeg call: which function, its return code and FFmpeg's own message for it.
public struct FFmpegError: Error, Sendable, CustomStringConvertible {
  /// The FFmpeg function that failed (`avformat_open_input`, ...).
  public let function: String
  /// The negative code it returned (an AVERROR).
  public let code: Int32

  /// The failure of `function` with return code `code`.
  public init(function: String, code: Int32) {
    self.function = function
    self.code = code
  }

  /// FFmpeg's text for the code (av_strerror).
  public var message: String { FFmpegError.message(for: code) }

  /// The function's name, a colon, and FFmpeg's text for the code.
  public var description: String { "\(function): \(message)" }

  static func message(for code: Int32) -> String {
    var buffer = [CChar](repeating: 0, count: 256)
    av_strerror(code, &buffer, buffer.count)
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}

/// The one funnel for FFmpeg return codes: a negative code becomes an `FFmpegError` naming `function`.
@discardableResult
func check(_ code: Int32, _ function: String) throws(FFmpegError) -> Int32 {
  if code < 0 { throw FFmpegError(function: function, code: code) }
  return code
}

/// What a send/receive codec call left us with; EAGAIN and EOF are flow, not errors.
enum CodecStatus {
  /// A frame or packet was produced.
  case ready
  /// The codec wants more input before it can produce anything.
  case needsInput
  /// The codec is drained.
  case endOfStream
}

/// Maps a receive call's return code to flow, throwing on real errors.
func codecStatus(_ code: Int32, _ function: String) throws(FFmpegError) -> CodecStatus {
  if code >= 0 { return .ready }
  if code == cm_averror_eagain() { return .needsInput }
  if code == cm_averror_eof() { return .endOfStream }
  throw FFmpegError(function: function, code: code)
}
