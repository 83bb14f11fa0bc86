import CFFmpeg
import Composition

/// Renders one segment of a composition's video: output frames `frames`, exactly as the whole render renders
/// them, encoded with the export's settings from a cold encoder (so its first picture is an IDR picture and its
/// group closed), into an MP4 of its own whose timestamps start at zero. No audio: `SegmentJoiner` renders that
/// once over the whole timeline.
public enum SegmentRenderer {
  /// Writes the segment to `path` (atomically, replacing a file there).
  public static func render(
    _ composition: Composition, frames: Range<Int64>, to path: String, strict: Bool = false
  ) throws(EngineError) {
    guard let video = composition.video else { throw .internalFailure("a segment of a composition without video") }
    var export = composition.export
    export.container = .mp4
    let target = try OutputTarget(route: OutputRoute(path: path, container: .mp4), overwrite: true)
    let output = try target.open()
    let damage = DamageLog(strict: strict)
    let matrix = ColorMatrix.guess(height: video.renderSize.height)
    let made: EncoderFactory.Video
    let stream: Int
    let packet: Packet
    let frame: Frame
    do {
      made = try EncoderFactory.video(video, export: export, matrix: matrix, globalHeader: output.wantsGlobalHeader)
      stream = try output.addStream(for: made.encoder)
      packet = try Packet()
      frame = try Frame(width: video.renderSize.width, height: video.renderSize.height, format: AV_PIX_FMT_YUV420P)
      try output.writeHeader(options: [:])
    } catch {
      throw .outputFailed(path: path, reason: "cannot start the segment (\(error))")
    }
    let renderer = VideoRenderer(composition: composition, video: video, matrix: matrix, damage: damage)
    let scalers = ScalerCache()
    func drain(_ input: Frame?) throws(EngineError) {
      do {
        try made.encoder.send(input)
        while try made.encoder.receive(into: packet) == .ready {
          packet.pointer.pointee.duration = 1
          packet.streamIndex = Int32(stream)
          av_packet_rescale_ts(packet.pointer, made.encoder.timeBase, output.timeBase(ofStream: stream))
          try output.write(packet)
        }
      } catch {
        throw .outputFailed(path: path, reason: "cannot encode the segment (\(error))")
      }
    }
    for n in frames {
      do { try frame.makeWritable() } catch { throw .internalFailure("\(error)") }
      try renderer.render(at: video.time(ofFrame: n), into: frame)
      var encoded = frame
      if made.pixelFormat != AV_PIX_FMT_YUV420P {
        do {
          encoded = try scalers.convert(
            frame, width: frame.width, height: frame.height, matrix: matrix, format: made.pixelFormat)
        } catch { throw .internalFailure("\(error)") }
      }
      encoded.pointer.pointee.pts = n - frames.lowerBound
      encoded.pointer.pointee.pict_type = AV_PICTURE_TYPE_NONE
      try drain(encoded)
    }
    try drain(nil)
    do { try output.finish() } catch {
      throw .outputFailed(path: path, reason: "cannot finish the segment (\(error.message))")
    }
    try target.commit()
  }
}
