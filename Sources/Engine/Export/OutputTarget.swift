import CFFmpeg
import Composition
import Foundation

/// Where a render's bytes go, for both writers (render and stream copy): standard output, streamed, or a
/// temporary file beside the target, renamed into place only when complete and removed on any failure, so a
/// target is never left half-written and an existing one is never touched by a failed render.
public final class OutputTarget {
  let route: OutputRoute
  /// What the muxer opens: `pipe:1` or the temporary file.
  let url: String
  private var committed = false
  /// Bytes already handed to standard output (for what an interrupt leaves behind).
  private(set) var streamed = false

  /// Refuses an existing target unless `overwrite`, and a target whose folder does not exist.
  init(route: OutputRoute, overwrite: Bool) throws(EngineError) {
    self.route = route
    let path = route.path
    if route.isStandardOutput {
      url = "pipe:1"
      return
    }
    try Self.checkPlace(path, overwrite: overwrite)
    let fileURL = URL(fileURLWithPath: path)
    url = fileURL.deletingLastPathComponent().path + "/." + fileURL.lastPathComponent + ".clipmerge-\(getpid()).partial"
  }

  /// Refuses a file path whose folder does not exist, that is a directory, or that exists without `overwrite`:
  /// what every writer of a file checks before writing anything.
  public static func checkPlace(_ path: String, overwrite: Bool) throws(EngineError) {
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
      throw .outputFailed(path: path, reason: "cannot create the output: no such folder '\(folder)'")
    }
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
      if isDirectory.boolValue { throw .outputFailed(path: path, reason: "the output is a directory") }
      if !overwrite { throw .outputFailed(path: path, reason: "the output exists; pass -y to replace it") }
    }
  }

  deinit {
    if !committed && !route.isStandardOutput { unlink(url) }
  }

  /// Opens the muxer for the route's container on `url`.
  func open() throws(EngineError) -> OutputFile {
    do {
      return try OutputFile(path: url, formatName: route.container.muxerName)
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
  func start(_ output: OutputFile, export: ExportSettings) throws(FFmpegError) {
    output.setMetadata("creation_time", Self.now())
    for (key, value) in export.metadata.sorted(by: { $0.key < $1.key }) { output.setMetadata(key, value) }
    streamed = route.isStandardOutput
    try output.writeHeader(options: muxerOptions(export))
  }

  /// The error for an interrupt: on standard output what was streamed stays streamed, and the reader is told
  /// the stream stops mid-way.
  var interruption: EngineError { streamed ? .interruptedStreaming : .interrupted }

  /// Moves the finished temporary file onto the target (rename, atomic on one file system); nothing for a pipe.
  func commit() throws(EngineError) {
    if route.isStandardOutput { return }
    guard rename(url, route.path) == 0 else {
      throw .outputFailed(
        path: route.path, reason: "cannot move the finished file into place (\(String(cString: strerror(errno))))")
    }
    committed = true
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
