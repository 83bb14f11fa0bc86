import ClipMergeKit
import Foundation

/// What a render will do, for `--dry-run`: the output, and per input what will be converted.
struct RenderPlan {
  var composition: Composition
  var outputPath: String
  /// Whether the render keeps HDR (`ExportPlan.keepsHDR`): pictures are converted to 10 bits, not 8.
  var keepsHDR = false

  var text: String {
    var lines: [String] = []
    let export = composition.export
    let duration = composition.outputDuration
    if let video = composition.video {
      let frames = video.frameCount(covering: composition.duration)
      let timing =
        video.frameTiming == .sources
        ? "at the clips' own frame times (variable frame rate) "
        : "at \(Self.rate(video.frameDuration)) fps "
      lines.append(
        "output: \(outputPath.isEmpty ? "(no file given)" : outputPath), \(export.container.rawValue), "
          + "\(composition.effectiveVideoCodec.rawValue) \(video.renderSize) " + timing
          + (export.videoBitRate.map { "(\($0 / 1000) kb/s, \(export.effectivePreset)), " }
            ?? "(crf \(composition.effectiveCRF), \(export.effectivePreset)), ")
          + (video.frameTiming == .sources ? "" : "\(frames) frames, ") + duration.secondsText)
    } else {
      lines.append("output: \(outputPath), \(export.container.rawValue), \(duration.secondsText), no video")
    }
    lines.append(
      composition.hasAudio
        ? "audio: \(export.effectiveAudioCodec.rawValue) \(export.audioSampleRate) Hz, \(export.audioChannels) ch, "
          + "\(export.effectiveAudioBitRate / 1000) kb/s"
        : "audio: none")
    for source in composition.sources {
      lines.append("input \(source.id.rawValue): \(source.path) (\(source.info.duration.secondsText))")
      let used = composition.tracks.filter { track in track.segments.contains { $0.source == source.id } }
      if let video = source.info.video, used.contains(where: { $0.kind == .video }) {
        var what = "  video: \(video.codec) \(video.width)x\(video.height) \(video.pixelFormat)"
        if video.orientation != .upright { what += ", turned \(video.orientation) to upright" }
        if video.sampleAspectNum != video.sampleAspectDen {
          what += ", pixel aspect \(video.sampleAspectNum):\(video.sampleAspectDen)"
        }
        if let target = composition.video {
          let rate = video.preferredFrameDuration.map(Self.rate) ?? "?"
          if video.isVariableFrameRate && target.frameTiming == .sources {
            what += ", variable frame rate: each picture at its own time"
          } else {
            what += ", \(rate) fps sampled at \(Self.rate(target.frameDuration)) fps"
          }
          if keepsHDR {
            if video.pixelFormat != "yuv420p10le" { what += ", converted to 10-bit 4:2:0" }
          } else if video.pixelFormat != "yuv420p" {
            what += ", converted to 8-bit 4:2:0"
          }
        }
        lines.append(what)
      }
      if let audio = source.info.audio, used.contains(where: { $0.kind == .audio }) {
        var what = "  audio: \(audio.codec) \(audio.sampleRate) Hz \(audio.channels) ch"
        if audio.sampleRate != export.audioSampleRate || audio.channels != export.audioChannels {
          what += ", resampled to \(export.audioSampleRate) Hz \(export.audioChannels) ch"
        }
        lines.append(what)
      }
      for track in used {
        for segment in track.segments where segment.source == source.id {
          lines.append(
            "  \(track.kind.rawValue) \(track.id): source [\(segment.sourceRange.start.secondsText), "
              + "\(segment.sourceRange.end.secondsText)) at [\(segment.compositionRange.start.secondsText), "
              + "\(segment.compositionRange.end.secondsText))")
        }
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  static func rate(_ frameDuration: MediaTime) -> String {
    frameDuration.value == 1 ? "\(frameDuration.timescale)" : String(format: "%.3f", 1 / frameDuration.seconds)
  }
}
