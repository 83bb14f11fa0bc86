internal import CFFmpeg
import Composition
import Foundation

/// Where a render's bytes go, for every writer (render, stream copy, segments, join): standard output,
/// streamed, or a file written as an `AtomicFile` (complete or not at all, nothing planted followed, nothing that
/// appeared meanwhile replaced).
public final class OutputSink {
  let route: OutputRoute
  /// What the muxer opens: `pipe:1`, or the temporary file's or the device's descriptor.
  let url: String
  private let file: AtomicFile?
  /// Bytes already handed to standard output (for what an interrupt leaves behind).
  private(set) var streamed = false

  /// Refuses an existing target unless `overwrite`, and a target whose folder does not exist.
  init(route: OutputRoute, overwrite: Bool) throws(EngineError) {
    self.route = route
    if route.isStandardOutput {
      url = "pipe:1"
      file = nil
      return
    }
    let file = try AtomicFile(path: route.path, overwrite: overwrite)
    self.file = file
    url = file.muxerPath
  }

  /// Opens the muxer for the route's container on `url`.
  func open() throws(EngineError) -> Muxer {
    do {
      return try Muxer(path: url, formatName: route.container.muxerName)
    } catch {
      throw .outputFailed(path: route.path, reason: "cannot create the output (\(error.message))")
    }
  }

  /// The muxer options the route and `export` call for: fragments on a pipe, `moov` in front of a file when
  /// optimised for network use (MP4 and QuickTime only).
  func muxerOptions(_ export: ExportSettings) -> [String: String] {
    // An animated WebP plays in a loop, as a GIF does.
    if route.container == .webp { return ["loop": "0"] }
    guard route.container.isISOMedia else { return [:] }
    if route.isFragmented { return ["movflags": "+frag_keyframe+empty_moov+default_base_moof"] }
    return export.optimizeForNetworkUse ? ["movflags": "+faststart"] : [:]
  }

  /// Writes the header of `output`; from then on, on standard output, bytes have gone out.
  /// A failed write of the header is the output's failure (73, or 141 for a reader gone), never the encoders'.
  func start(_ output: Muxer, export: ExportSettings) throws(EngineError) {
    output.setMetadata("creation_time", Self.now())
    for (key, value) in export.metadata.sorted(by: { $0.key < $1.key }) { output.setMetadata(key, value) }
    streamed = route.isStandardOutput
    do { try output.writeHeader(options: muxerOptions(export)) } catch {
      throw .writeFailed(path: route.path, error)
    }
  }

  /// The error for an interrupt: on standard output what was streamed stays streamed, and the reader is told
  /// the stream stops mid-way.
  var interruption: EngineError { streamed ? .interruptedStreaming : .interrupted }

  /// The temporary file being written, which can be read back before it is moved into place (`url`); nil for
  /// standard output and a device written in place.
  var readablePath: String? { file?.isTemporary == true ? url : nil }

  /// Moves the finished file into place (`AtomicFile.commit`); nothing for a pipe.
  func commit() throws(EngineError) {
    try file?.commit()
  }

  /// Now, as container metadata writes it (creation_time).
  static func now() -> String {
    var t = time(nil)
    var parts = tm()
    gmtime_r(&t, &parts)
    var buffer = [CChar](repeating: 0, count: 32)
    strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S.000000Z", &parts)
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
