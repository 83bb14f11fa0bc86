internal import CFFmpeg
import Composition

/// What a smart render needs to know of a source's video stream to copy its packets: H.264 in an `avcC` record,
/// 8-bit 4:2:0 limited range, progressive, SDR, upright, square pixels, at a constant frame rate. Two sources
/// whose facts are equal can share one output stream.
struct StreamFacts: Equatable {
  var width: Int32
  var height: Int32
  var profile: Int32
  var level: Int32
  var frameRate: AVRational
  var configuration: [UInt8]
  var colorspace: AVColorSpace
  var primaries: AVColorPrimaries
  var transfer: AVColorTransferCharacteristic

  static func == (a: StreamFacts, b: StreamFacts) -> Bool {
    a.width == b.width && a.height == b.height && a.profile == b.profile && a.level == b.level
      && av_cmp_q(a.frameRate, b.frameRate) == 0 && a.configuration == b.configuration
      && a.colorspace == b.colorspace && a.primaries == b.primaries && a.transfer == b.transfer
  }

  /// The facts of `path`'s video stream, or nil when its packets cannot be copied into a smart render.
  init?(path: String) {
    guard let input = try? InputFile(path: path), let index = StreamSelection.videoStream(of: input) else {
      return nil
    }
    let stream = input.stream(index)
    let par = stream.pointee.codecpar.pointee
    guard par.codec_id == AV_CODEC_ID_H264, par.format == AV_PIX_FMT_YUV420P.rawValue,
      par.color_range != AVCOL_RANGE_JPEG,
      par.field_order == AV_FIELD_PROGRESSIVE || par.field_order == AV_FIELD_UNKNOWN,
      par.color_trc != AVCOL_TRC_ARIB_STD_B67, par.color_trc != AVCOL_TRC_SMPTE2084,
      MediaProbe.orientation(of: stream) == .upright,
      par.sample_aspect_ratio.num == par.sample_aspect_ratio.den || par.sample_aspect_ratio.num == 0,
      let extradata = par.extradata, par.extradata_size > 0,
      AVCConfiguration(avcC: Array(UnsafeBufferPointer(start: extradata, count: Int(par.extradata_size)))) != nil,
      stream.pointee.r_frame_rate.num > 0, av_cmp_q(stream.pointee.r_frame_rate, stream.pointee.avg_frame_rate) == 0
    else { return nil }
    width = par.width
    height = par.height
    profile = par.profile
    level = par.level
    frameRate = stream.pointee.r_frame_rate
    configuration = Array(UnsafeBufferPointer(start: extradata, count: Int(par.extradata_size)))
    colorspace = par.color_space
    primaries = par.color_primaries
    transfer = par.color_trc
  }

  /// Whether the stream's parameter sets leave id 1 to x264's (`sps-id=1`; its picture parameter set takes the
  /// same id), so both can sit in one `avcC`.
  var leavesIDOneFree: Bool {
    guard let record = AVCConfiguration(avcC: configuration) else { return false }
    let sequence = record.sequenceParameterSets.compactMap(AVCConfiguration.sequenceSetID)
    let picture = record.pictureParameterSets.compactMap(AVCConfiguration.pictureSetID)
    return sequence.count == record.sequenceParameterSets.count && picture.count == record.pictureParameterSets.count
      && !sequence.contains(1) && !picture.contains(1)
  }

  /// Whether the stream's pictures are the output's frames: its size and its frame rate, in the matrix the
  /// compositor renders in (so a rendered frame and a copied one match).
  func fits(_ video: VideoComposition) -> Bool {
    let size = video.renderSize
    let fd = video.frameDuration
    let matrix = ColorMatrix.guess(height: size.height)
    return Int(width) == size.width && Int(height) == size.height
      && Int64(frameRate.den) * Int64(fd.timescale) == Int64(frameRate.num) * fd.value
      && (colorspace == AVCOL_SPC_UNSPECIFIED || colorspace == matrix.avColorspace)
  }
}
