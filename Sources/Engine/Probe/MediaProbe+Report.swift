internal import CFFmpeg
import Composition

extension MediaProbe {
  /// Every stream of `path`, described for people and scripts (`clipmerge probe`).
  public static func report(_ path: String) throws(EngineError) -> ProbeReport {
    let input = try open(path)
    let format = input.format.pointee
    let selected = Set(
      [StreamSelection.videoStream(of: input), StreamSelection.audioStream(of: input)].compactMap { $0 })
    var streams: [StreamReport] = []
    for index in 0..<input.streamCount {
      streams.append(streamReport(input, index: index, selected: selected.contains(index)))
    }
    // What the model is told of the file (length, still, EXIF orientation), decided once, in `info(of:)`; a file
    // with no stream clipmerge uses is still reported, stream by stream.
    let facts = try? info(of: input)
    let length =
      facts.map { (duration: $0.duration, stated: $0.statedDuration) } ?? length(of: input, streams: selected.sorted())
    var report = ProbeReport(
      path: path, container: input.containerName,
      duration: length.duration > .zero ? length.duration.seconds : nil,
      startTime: Timestamp.containerTime(format.start_time)?.seconds,
      bitRate: format.bit_rate > 0 ? Int(format.bit_rate) : nil, streams: streams)
    report.statedDuration = length.stated?.seconds
    if let facts, facts.isStill, let video = facts.video,
      let index = report.streams.firstIndex(where: { $0.type == "video" && $0.selected })
    {
      report.still = true
      report.streams[index].rotation = video.orientation.clockwiseDegrees
      report.streams[index].mirrored = video.orientation.mirrored
      report.streams[index].displayWidth = video.displaySize.width
      report.streams[index].displayHeight = video.displaySize.height
    }
    return report
  }

  static func streamReport(_ input: InputFile, index: Int, selected: Bool) -> StreamReport {
    let stream = input.stream(index)
    let par = stream.pointee.codecpar.unsafelyUnwrapped.pointee
    func seconds(_ value: Int64) -> Double? { Timestamp.time(value, stream.pointee.time_base)?.seconds }
    var report = StreamReport(
      index: index, type: mediaType(par.codec_type), codec: String(cString: avcodec_get_name(par.codec_id)),
      selected: selected, startTime: seconds(stream.pointee.start_time), duration: seconds(stream.pointee.duration))
    if par.codec_type == AVMEDIA_TYPE_VIDEO {
      let info = videoInfo(stream)
      let display = info.displaySize
      report.width = info.width
      report.height = info.height
      report.displayWidth = display.width
      report.displayHeight = display.height
      report.rotation = info.orientation.clockwiseDegrees
      report.mirrored = info.orientation.mirrored
      report.sampleAspectRatio = "\(info.sampleAspectNum):\(info.sampleAspectDen)"
      report.frameRate = rational(stream.pointee.r_frame_rate)
      report.averageFrameRate = rational(stream.pointee.avg_frame_rate)
      report.pixelFormat = info.pixelFormat
      report.fieldOrder = fieldOrder(par.field_order)
      if par.color_trc != AVCOL_TRC_UNSPECIFIED, let name = av_color_transfer_name(par.color_trc) {
        report.colorTransfer = String(cString: name)
      }
      switch par.color_trc {
      case AVCOL_TRC_ARIB_STD_B67: report.hdr = "hlg"
      case AVCOL_TRC_SMPTE2084: report.hdr = "pq"
      default: break
      }
      if stream.pointee.disposition & AV_DISPOSITION_ATTACHED_PIC == 0 {
        let spacing = FrameSpacing.measure(path: input.path, stream: index)
        report.variableFrameRate = spacing?.isVariable
        report.shortestFrameDuration = spacing?.shortest.seconds
        report.longestFrameDuration = spacing?.longest.seconds
      }
    } else if par.codec_type == AVMEDIA_TYPE_AUDIO {
      let info = audioInfo(stream)
      report.sampleRate = info.sampleRate
      report.channels = info.channels
      report.channelLayout = info.layout
    }
    return report
  }

  static func mediaType(_ type: AVMediaType) -> String {
    switch type {
    case AVMEDIA_TYPE_VIDEO: return "video"
    case AVMEDIA_TYPE_AUDIO: return "audio"
    case AVMEDIA_TYPE_SUBTITLE: return "subtitle"
    case AVMEDIA_TYPE_ATTACHMENT: return "attachment"
    default: return "data"
    }
  }

  static func rational(_ r: AVRational) -> String? {
    guard r.num > 0, r.den > 0 else { return nil }
    return r.den == 1 ? "\(r.num)" : "\(r.num)/\(r.den)"
  }

  static func fieldOrder(_ order: AVFieldOrder) -> String? {
    switch order {
    case AV_FIELD_PROGRESSIVE: return "progressive"
    case AV_FIELD_TT: return "tt"
    case AV_FIELD_BB: return "bb"
    case AV_FIELD_TB: return "tb"
    case AV_FIELD_BT: return "bt"
    default: return nil
    }
  }
}
