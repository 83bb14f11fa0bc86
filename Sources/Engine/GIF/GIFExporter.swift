internal import CFFmpeg
import Composition

/// An animated GIF of a composition's video (no sound): one palette for the whole animation, made by
/// libimagequant from the colours of every frame, each frame remapped to it with dithering and encoded by
/// libavcodec's GIF encoder (which stores only the part of a frame that changed). Frame delays are in the GIF's
/// hundredths of a second, rounded from each frame's exact time so that they add up to the right length.
///
/// The palette needs every frame before the first can be written: frames are kept (as RGBA) while they fit in
/// `keptPixels` (64 million, 256 MB, unless told); a longer animation is rendered twice instead, so memory stays
/// bounded.
final class GIFExporter {
  private let keptPixels: Int

  private let composition: Composition
  private let video: VideoComposition
  private let target: OutputSink
  private let strict: Bool
  private let matrix: ColorMatrix
  private let scalers = ScalerCache()
  private let tables: CubeTables

  init(
    composition: Composition, target: OutputSink, strict: Bool, tables: CubeTables, keptPixels: Int = 64_000_000
  ) throws(EngineError) {
    self.keptPixels = keptPixels
    self.tables = tables
    guard let video = composition.video else {
      throw .invalidInput(path: target.route.path, reason: "a GIF needs video")
    }
    self.composition = composition
    self.video = video
    self.target = target
    self.strict = strict
    matrix = ColorMatrix.guess(height: video.renderSize.height)
  }

  func run(progress: (ExportProgress) -> Void, isCancelled: () -> Bool) throws(EngineError) -> ExportReport {
    let size = video.renderSize
    let count = video.frameCount(covering: composition.duration)
    let duration = composition.outputDuration
    let keep = Int64(size.width * size.height) * count <= Int64(keptPixels)
    let damage = DamageLog(strict: strict)
    let quantizer = try PaletteQuantizer()
    var kept: [[UInt8]] = []
    try renderFrames(count: count, damage: damage, isCancelled: isCancelled) { n, pixels throws(EngineError) in
      try quantizer.add(pixels, width: size.width, height: size.height)
      if keep { kept.append(pixels) }
      // The first pass is most of the work: it counts for nine tenths.
      let shown = video.time(ofFrame: n + 1).multiplied(by: 9, dividedBy: 10)
      progress(ExportProgress(outputTime: shown, duration: duration, framesWritten: 0))
    }
    let palette = try quantizer.palette()
    let output = try target.open()
    let writer = PacketWriter(output, path: target.route.path)
    let encoder: Encoder
    let stream: Int
    let frame: Frame
    let packet: Packet
    do {
      encoder = try EncoderFactory.video(video, composition: composition, matrix: matrix, globalHeader: false)
        .encoder
      stream = try output.addStream(for: encoder)
      try target.start(output, export: composition.export)
      frame = try Frame(width: size.width, height: size.height, format: AV_PIX_FMT_PAL8)
      packet = try Packet()
    } catch let error as EngineError {
      throw error
    } catch {
      throw .outputFailed(path: target.route.path, reason: "cannot start the GIF (\(error))")
    }
    let colors = palette.argb
    var written: Int64 = 0
    func write(_ n: Int64, _ pixels: [UInt8]) throws(EngineError) {
      let indices = try palette.remap(pixels, width: size.width, height: size.height)
      do { try frame.makeWritable() } catch { throw .internalFailure(.gifEncoding, "\(error)") }
      let p = frame.pointer.pointee
      guard let plane = p.data.0, let table = p.data.1 else {
        throw .internalFailure(.gifEncoding, "a palette frame without planes")
      }
      for y in 0..<size.height {
        indices.withUnsafeBufferPointer { row in
          (plane + y * Int(p.linesize.0)).update(from: row.baseAddress! + y * size.width, count: size.width)
        }
      }
      table.withMemoryRebound(to: UInt32.self, capacity: 256) { $0.update(from: colors, count: 256) }
      frame.pointer.pointee.pts = n
      try writer.encode(frame, with: encoder, stream: stream, packet: packet, duration: 1)
      written += 1
      progress(
        ExportProgress(
          outputTime: duration.multiplied(by: 9, dividedBy: 10)
            + self.video.time(ofFrame: n + 1).multiplied(
              by: 1, dividedBy: 10), duration: duration, framesWritten: written))
    }
    if keep {
      for (n, pixels) in kept.enumerated() {
        if isCancelled() { throw target.interruption }
        try write(Int64(n), pixels)
      }
    } else {
      try renderFrames(count: count, damage: damage, isCancelled: isCancelled, write)
    }
    try writer.encode(nil, with: encoder, stream: stream, packet: packet, duration: 1)
    try writer.finish()
    return ExportReport(
      path: target.route.path, duration: duration, videoFrames: written, audioSamples: 0, damage: damage.summaries)
  }

  /// Renders the output frames in order as packed RGBA rows.
  private func renderFrames(
    count: Int64, damage: DamageLog, isCancelled: () -> Bool,
    _ body: (Int64, [UInt8]) throws(EngineError) -> Void
  ) throws(EngineError) {
    let size = video.renderSize
    let renderer = VideoRenderer(
      composition: composition, video: video, matrix: matrix, damage: damage, tables: tables)
    let frame: Frame
    do { frame = try Frame(width: size.width, height: size.height, format: AV_PIX_FMT_YUV420P) } catch {
      throw .internalFailure(.gifEncoding, "\(error)")
    }
    var pixels = [UInt8](repeating: 0, count: size.width * size.height * 4)
    for n in 0..<count {
      if isCancelled() { throw target.interruption }
      do { try frame.makeWritable() } catch { throw .internalFailure(.gifEncoding, "\(error)") }
      try renderer.render(at: video.time(ofFrame: n), into: frame)
      let rgba: Frame
      do {
        rgba = try scalers.convert(
          frame, width: size.width, height: size.height, matrix: matrix, format: AV_PIX_FMT_RGBA, fullRange: true)
      } catch { throw .internalFailure(.gifEncoding, "\(error)") }
      let p = rgba.pointer.pointee
      guard let plane = p.data.0 else { continue }
      let row = size.width * 4
      pixels.withUnsafeMutableBufferPointer { out in
        for y in 0..<size.height {
          (out.baseAddress! + y * row).update(from: plane + y * Int(p.linesize.0), count: row)
        }
      }
      try body(n, pixels)
    }
  }
}
