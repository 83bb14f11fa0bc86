internal import CFFmpeg
import Composition

/// What a smart render needs to know of a source's video stream to copy its packets: H.264 in an `avcC` record
/// (8-bit 4:2:0 SDR) or HEVC in an `hvcC` one (4:2:0, 8 or 10 bits, SDR or HDR), limited range, progressive,
/// square pixels, at a constant frame rate, samples with 4-byte lengths, in any orientation (the output track
/// then carries the same display matrix). Two sources whose facts are equal can share one output stream.
struct StreamFacts: Equatable {
  enum Codec: Equatable {
    case h264, hevc
  }

  var codec: Codec
  var width: Int32
  var height: Int32
  var profile: Int32
  var level: Int32
  var format: AVPixelFormat
  var frameRate: AVRational
  var configuration: [UInt8]
  var colorspace: AVColorSpace
  var primaries: AVColorPrimaries
  var transfer: AVColorTransferCharacteristic
  /// How the stored pictures are turned upright (the stream's display matrix).
  var orientation: Orientation

  static func == (a: StreamFacts, b: StreamFacts) -> Bool {
    a.codec == b.codec && a.width == b.width && a.height == b.height && a.profile == b.profile
      && a.level == b.level && a.format == b.format && av_cmp_q(a.frameRate, b.frameRate) == 0
      && a.configuration == b.configuration && a.colorspace == b.colorspace && a.primaries == b.primaries
      && a.transfer == b.transfer && a.orientation == b.orientation
  }

  /// The facts of `path`'s video stream, or nil when its packets cannot be copied into a smart render.
  init?(path: String) {
    guard let input = try? InputFile(path: path), let index = StreamSelection.videoStream(of: input) else {
      return nil
    }
    let stream = input.stream(index)
    let par = stream.pointee.codecpar.pointee
    let isHDR = ToneMapper.Transfer(par.color_trc) != nil
    guard let extradata = par.extradata, par.extradata_size > 0 else { return nil }
    let record = Array(UnsafeBufferPointer(start: extradata, count: Int(par.extradata_size)))
    switch par.codec_id {
    case AV_CODEC_ID_H264:
      guard par.format == AV_PIX_FMT_YUV420P.rawValue, !isHDR, AVCConfiguration(avcC: record) != nil else {
        return nil
      }
      codec = .h264
    case AV_CODEC_ID_HEVC:
      guard par.format == AV_PIX_FMT_YUV420P.rawValue || par.format == AV_PIX_FMT_YUV420P10LE.rawValue,
        HEVCConfiguration(hvcC: record) != nil
      else { return nil }
      codec = .hevc
    default:
      return nil
    }
    guard par.color_range != AVCOL_RANGE_JPEG,
      par.field_order == AV_FIELD_PROGRESSIVE || par.field_order == AV_FIELD_UNKNOWN,
      par.sample_aspect_ratio.num == par.sample_aspect_ratio.den || par.sample_aspect_ratio.num == 0,
      stream.pointee.r_frame_rate.num > 0, av_cmp_q(stream.pointee.r_frame_rate, stream.pointee.avg_frame_rate) == 0
    else { return nil }
    width = par.width
    height = par.height
    profile = par.profile
    level = par.level
    format = AVPixelFormat(rawValue: par.format)
    frameRate = stream.pointee.r_frame_rate
    configuration = record
    colorspace = par.color_space
    primaries = par.color_primaries
    transfer = par.color_trc
    orientation = MediaProbe.orientation(of: stream)
  }

  /// Whether the re-encoded pictures are the source's own pictures decoded as they are (10 bits, HDR) where a
  /// frame is one alone. Other frames are composed: at 8 bits in SDR, or, for a 10-bit HDR clip, at 10 bits in
  /// its transfer (`SmartRunEncoders.Pictures`); a 10-bit SDR clip's are not composed at all.
  var keepsSourcePictures: Bool { Self.keepsSourcePictures(format: format, transfer: transfer) }

  /// HLG or PQ.
  var isHDR: Bool { ToneMapper.Transfer(transfer) != nil }

  static func keepsSourcePictures(format: AVPixelFormat, transfer: AVColorTransferCharacteristic) -> Bool {
    format != AV_PIX_FMT_YUV420P || ToneMapper.Transfer(transfer) != nil
  }

  /// Whether the stream's parameter sets leave x264's id (1) free, so both can sit in one `avcC`. HEVC's are
  /// renumbered to free ids (`HEVCRenumbering`) when the output starts.
  var leavesIDOneFree: Bool {
    guard codec == .h264 else { return true }
    guard let record = AVCConfiguration(avcC: configuration) else { return false }
    let sequence = record.sequenceParameterSets.compactMap(AVCConfiguration.sequenceSetID)
    let picture = record.pictureParameterSets.compactMap(AVCConfiguration.pictureSetID)
    return sequence.count == record.sequenceParameterSets.count && picture.count == record.pictureParameterSets.count
      && !sequence.contains(1) && !picture.contains(1)
  }

  /// Whether the stream's pictures are the output's frames: its size once turned upright and its frame rate,
  /// and, when its re-encoded pictures are composed, the matrix the compositor renders in (so a rendered frame
  /// and a copied one match).
  func fits(_ video: VideoComposition) -> Bool {
    let size = video.renderSize
    let fd = video.frameDuration
    let matrix = ColorMatrix.guess(height: size.height)
    let upright = orientation.swapsAxes ? (Int(height), Int(width)) : (Int(width), Int(height))
    return upright == (size.width, size.height)
      && Int64(frameRate.den) * Int64(fd.timescale) == Int64(frameRate.num) * fd.value
      && (keepsSourcePictures || colorspace == AVCOL_SPC_UNSPECIFIED || colorspace == matrix.avColorspace)
  }
}
