import CFFmpeg
import Composition

/// Opens the encoders an export needs, with the settings clipmerge stands by.
enum EncoderFactory {
  /// libx264 at the render size and rate, 8-bit 4:2:0 limited range, tagged with `matrix`, at the export's
  /// preset and CRF.
  static func video(
    _ video: VideoComposition, export: ExportSettings, matrix: ColorMatrix, globalHeader: Bool
  ) throws(FFmpegError) -> Encoder {
    let fd = video.frameDuration
    return try Encoder(
      name: "libx264", globalHeader: globalHeader,
      options: ["preset": export.preset, "crf": String(export.crf)]
    ) { ctx in
      ctx.pointee.width = Int32(video.renderSize.width)
      ctx.pointee.height = Int32(video.renderSize.height)
      ctx.pointee.pix_fmt = AV_PIX_FMT_YUV420P
      ctx.pointee.time_base = AVRational(num: Int32(fd.value), den: fd.timescale)
      ctx.pointee.framerate = AVRational(num: fd.timescale, den: Int32(fd.value))
      ctx.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
      ctx.pointee.colorspace = matrix.avColorspace
      ctx.pointee.color_primaries = matrix.avPrimaries
      ctx.pointee.color_trc = matrix.avTransfer
      ctx.pointee.color_range = AVCOL_RANGE_MPEG
      ctx.pointee.thread_count = 0
    }
  }

  /// FFmpeg's AAC-LC encoder, float planar, at the export's rate, channels and bit rate.
  static func audio(_ format: AudioFormat, export: ExportSettings, globalHeader: Bool) throws(FFmpegError)
    -> Encoder
  {
    try Encoder(name: "aac", globalHeader: globalHeader, options: [:]) { ctx in
      ctx.pointee.sample_fmt = AV_SAMPLE_FMT_FLTP
      ctx.pointee.sample_rate = Int32(format.sampleRate)
      av_channel_layout_default(&ctx.pointee.ch_layout, Int32(format.channels))
      ctx.pointee.bit_rate = Int64(export.audioBitRate)
      ctx.pointee.time_base = AVRational(num: 1, den: Int32(format.sampleRate))
    }
  }
}
