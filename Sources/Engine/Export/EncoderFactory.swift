internal import CFFmpeg
import Composition
import Foundation

/// Opens the encoders an export needs, with the settings clipmerge stands by.
enum EncoderFactory {
  /// An opened video encoder and the pixel format it takes.
  struct Video {
    var encoder: Encoder
    var pixelFormat: AVPixelFormat
  }

  /// The export's video codec at the render size and rate, tagged with `matrix`, limited range; with `hdr`, at
  /// 10 bits, tagged with the sources' HDR transfer and colours. `schedule`: frames at their own times (a
  /// variable frame rate), stamped in its time base.
  static func video(
    _ video: VideoComposition, composition: Composition, matrix: ColorMatrix, hdr: KeptHDR? = nil,
    schedule: FrameSchedule? = nil, globalHeader: Bool
  ) throws(FFmpegError) -> Video {
    let export = composition.export
    let fd = video.frameDuration
    let codec = composition.effectiveVideoCodec
    let speed = ExportSettings.x264Presets.firstIndex(of: export.effectivePreset) ?? 5
    var options: [String: String] = [:]
    let name: String
    var pixelFormat = AV_PIX_FMT_YUV420P
    let constantQuality = export.videoBitRate == nil
    switch codec {
    case .h264:
      name = "libx264"
      options["preset"] = export.effectivePreset
      if constantQuality { options["crf"] = String(composition.effectiveCRF) }
    case .hevc:
      name = "libx265"
      options["preset"] = export.effectivePreset
      options["x265-params"] = "log-level=error" + (hdr?.x265Parameters.map { ":" + $0 } ?? "")
      if constantQuality { options["crf"] = String(composition.effectiveCRF) }
    case .vp9:
      name = "libvpx-vp9"
      options["deadline"] = "good"
      options["cpu-used"] = String([8, 8, 7, 6, 5, 4, 2, 1, 0, 0][speed])
      options["row-mt"] = "1"
      if constantQuality { options["crf"] = String(composition.effectiveCRF) }
    case .av1:
      name = "libsvtav1"
      options["preset"] = String([12, 11, 10, 9, 8, 7, 5, 4, 2, 1][speed])
      if constantQuality { options["crf"] = String(composition.effectiveCRF) }
      // SVT-AV1 prints its own banner unless told not to.
      setenv("SVT_LOG", "1", 0)
    case .prores:
      name = "prores_ks"
      options["profile"] = String([0, 2, 3, 3][ExportSettings.Quality.allCases.firstIndex(of: export.quality) ?? 1])
      pixelFormat = AV_PIX_FMT_YUV422P10LE
    case .gif:
      // Palette pictures, made by `GIFExporter` (libimagequant), not by a conversion.
      name = "gif"
      pixelFormat = AV_PIX_FMT_PAL8
    case .webp:
      name = "libwebp_anim"
      options["quality"] = String(export.crf ?? codec.crf(for: export.quality))
    }
    if let hdr { pixelFormat = hdr.format }
    let encoder = try Encoder(name: name, globalHeader: globalHeader, options: options) { ctx in
      configurePicture(
        ctx, width: video.renderSize.width, height: video.renderSize.height, format: pixelFormat, frameDuration: fd)
      if let schedule { ctx.pointee.time_base = AVRational(num: schedule.timeBase.num, den: schedule.timeBase.den) }
      ctx.pointee.thread_count = Int32(export.threads ?? 0)
      ctx.pointee.colorspace = matrix.avColorspace
      ctx.pointee.color_primaries = matrix.avPrimaries
      ctx.pointee.color_trc = matrix.avTransfer
      if let hdr {
        ctx.pointee.colorspace = hdr.colorspace
        ctx.pointee.color_primaries = hdr.primaries
        ctx.pointee.color_trc = hdr.transfer
      }
      if let rate = export.videoBitRate {
        ctx.pointee.bit_rate = Int64(rate)
      } else if codec == .vp9 {
        ctx.pointee.bit_rate = 0
      }
    }
    return Video(encoder: encoder, pixelFormat: pixelFormat)
  }

  /// What every video encoder of clipmerge is told of its pictures: size, pixel format, one tick a frame, square
  /// pixels, limited range, threads as the codec likes.
  static func configurePicture(
    _ ctx: UnsafeMutablePointer<AVCodecContext>, width: Int, height: Int, format: AVPixelFormat,
    frameDuration fd: MediaTime
  ) {
    ctx.pointee.width = Int32(width)
    ctx.pointee.height = Int32(height)
    ctx.pointee.pix_fmt = format
    ctx.pointee.time_base = AVRational(num: Int32(fd.value), den: fd.timescale)
    ctx.pointee.framerate = AVRational(num: fd.timescale, den: Int32(fd.value))
    ctx.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
    ctx.pointee.color_range = AVCOL_RANGE_MPEG
    ctx.pointee.thread_count = 0
  }

  /// The export's audio codec at the mix format's rate and channels.
  static func audio(_ format: AudioFormat, export: ExportSettings, globalHeader: Bool) throws(FFmpegError) -> Encoder {
    let codec = export.effectiveAudioCodec
    let (name, sampleFormat): (String, AVSampleFormat)
    switch codec {
    case .aac: (name, sampleFormat) = ("aac", AV_SAMPLE_FMT_FLTP)
    case .opus: (name, sampleFormat) = ("libopus", AV_SAMPLE_FMT_FLT)
    case .pcm: (name, sampleFormat) = ("pcm_s16le", AV_SAMPLE_FMT_S16)
    }
    return try Encoder(name: name, globalHeader: globalHeader, options: [:]) { ctx in
      ctx.pointee.sample_fmt = sampleFormat
      ctx.pointee.sample_rate = Int32(format.sampleRate)
      av_channel_layout_default(&ctx.pointee.ch_layout, Int32(format.channels))
      if codec != .pcm { ctx.pointee.bit_rate = Int64(export.effectiveAudioBitRate) }
      ctx.pointee.time_base = AVRational(num: 1, den: Int32(format.sampleRate))
    }
  }
}

extension VideoCodec {
  /// FFmpeg's codec of the video codec.
  var codecID: AVCodecID {
    switch self {
    case .h264: return AV_CODEC_ID_H264
    case .hevc: return AV_CODEC_ID_HEVC
    case .vp9: return AV_CODEC_ID_VP9
    case .av1: return AV_CODEC_ID_AV1
    case .prores: return AV_CODEC_ID_PRORES
    case .gif: return AV_CODEC_ID_GIF
    case .webp: return AV_CODEC_ID_WEBP
    }
  }
}

extension AudioCodec {
  /// FFmpeg's codec of the audio codec.
  var codecID: AVCodecID {
    switch self {
    case .aac: return AV_CODEC_ID_AAC
    case .opus: return AV_CODEC_ID_OPUS
    case .pcm: return AV_CODEC_ID_PCM_S16LE
    }
  }
}

extension Container {
  /// FFmpeg's muxer for the container.
  var muxerName: String {
    switch self {
    case .mov: return "mov"
    case .mp4: return "mp4"
    case .mkv: return "matroska"
    case .webm: return "webm"
    case .mpegts: return "mpegts"
    case .gif: return "gif"
    case .webp: return "webp"
    }
  }
}
