internal import CFFmpeg
import Composition

/// A composition's pictures at chosen times, as still images, rendering only those frames: each time gets a
/// renderer of its own whose sources seek to the keyframe before it and decode on to it (the non-reference
/// pictures on the way left undecoded), composed once by the same renderer the export uses, so an image equals
/// the full render's frame before encoding.
public final class FrameRenderer {
  private let composition: Composition
  private let video: VideoComposition
  private let matrix: ColorMatrix
  private let scalers = ScalerCache()
  private let tables: CubeTables

  /// For a composition with video, checked as an export checks it (its colour tables read).
  public init(composition: Composition) throws(EngineError) {
    guard let video = composition.video else {
      throw .invalidInput(path: "the composition", reason: "no video to take a picture of")
    }
    do { try composition.validate() } catch { throw .invalidComposition(error) }
    tables = try CubeTables(composition: composition)
    self.composition = composition
    self.video = video
    matrix = ColorMatrix.guess(height: video.renderSize.height)
  }

  /// The number of output frames.
  public var frameCount: Int64 { video.frameCount(covering: composition.duration) }

  /// The start of the output frame showing at `time` (the last frame for a time at or past the end).
  public func frameTime(at time: MediaTime) -> MediaTime {
    let n = time.count(of: video.frameDuration, rounding: .down)
    return video.time(ofFrame: min(max(n, 0), max(frameCount - 1, 0)))
  }

  /// The frame showing at `time`, encoded as `format`.
  public func image(at time: MediaTime, format: ImageFormat) throws(EngineError) -> [UInt8] {
    try picture(at: time, format: format).bytes
  }

  /// The frame showing at `time`, encoded as `format` (scaled to `scaled` when given: a contact sheet's cell),
  /// and its own time: when the picture at its bottom starts to show on the composition's clock (a source
  /// picture's presentation time, which may be before the output frame's start when the source's rate
  /// differs), else the output frame's start.
  public func picture(at time: MediaTime, format: ImageFormat, scaled: PixelSize? = nil) throws(EngineError) -> (
    bytes: [UInt8], time: MediaTime
  ) {
    let size = video.renderSize
    let target = scaled ?? size
    let renderer = VideoRenderer(
      composition: composition, video: video, matrix: matrix, damage: DamageLog(), tables: tables)
    do {
      let frame = try Frame(width: size.width, height: size.height, format: AV_PIX_FMT_YUV420P)
      let start = frameTime(at: time)
      try renderer.render(at: start, into: frame)
      let pixelFormat = format == .png ? AV_PIX_FMT_RGB24 : AV_PIX_FMT_YUVJ420P
      let picture = try scalers.convert(
        frame, width: target.width, height: target.height, matrix: matrix, format: pixelFormat, fullRange: true)
      return (try encode(picture, format: format, pixelFormat: pixelFormat), renderer.shownTime ?? start)
    } catch let error as EngineError {
      throw error
    } catch {
      throw .internalFailure(.compositing, "cannot make the picture: \(error)")
    }
  }

  /// One picture through libavcodec's PNG or MJPEG encoder (JPEG at quality scale 2, close to lossless).
  private func encode(_ picture: Frame, format: ImageFormat, pixelFormat: AVPixelFormat) throws -> [UInt8] {
    let encoder = try Encoder(name: format == .png ? "png" : "mjpeg", globalHeader: false, options: [:]) { ctx in
      ctx.pointee.width = Int32(picture.width)
      ctx.pointee.height = Int32(picture.height)
      ctx.pointee.pix_fmt = pixelFormat
      ctx.pointee.time_base = AVRational(num: 1, den: 25)
      ctx.pointee.color_range = AVCOL_RANGE_JPEG
      if format == .jpeg {
        ctx.pointee.flags |= AV_CODEC_FLAG_QSCALE
        ctx.pointee.global_quality = 2 * FF_QP2LAMBDA
      }
    }
    picture.pointer.pointee.pts = 0
    if format == .jpeg { picture.pointer.pointee.quality = 2 * FF_QP2LAMBDA }
    try encoder.send(picture)
    try encoder.send(nil)
    let packet = try Packet()
    var bytes: [UInt8] = []
    while try encoder.receive(into: packet) == .ready {
      let p = packet.pointer.pointee
      if let data = p.data { bytes += UnsafeBufferPointer(start: data, count: Int(p.size)) }
      packet.unref()
    }
    return bytes
  }
}
