internal import CFFmpeg
import Composition

/// A smart render's output decoded where it was spliced, before it is moved into place: from each re-encoded
/// run's first picture (the encoder's parameter sets under their new ids) and from the first copied group after
/// one (its leading pictures dropped, its decode times moved), three pictures, with every error fatal
/// (`AV_EF_EXPLODE`) and none concealed. Where FFmpeg's decoder cannot decode it, the render falls back to a
/// full one, saying why (`Exporter`). It finds what breaks decoding at a splice (parameter sets a sample
/// names that the record lacks, a damaged or mis-spliced picture); FFmpeg conceals some faults silently (a
/// missing reference is made up, leading pictures after a BLA are skipped), so it is not proof that every
/// decoder shows every picture right. A fault in a copied group's own bytes near a splice also sends the render
/// to a full one: safe, if slower.
enum SmartCheck {
  /// The output times where `plan`'s runs start after a run of the other kind (or a copied group that does not
  /// continue the one before), the first run included.
  static func splices(_ plan: SmartPlan, video: VideoComposition) -> [MediaTime] {
    var starts: [MediaTime] = []
    var previous: SmartPlan.Run?
    for run in plan.runs {
      defer { previous = run }
      if let previous, run.continues(previous) { continue }
      if case .render = previous, case .render = run { continue }
      starts.append(video.time(ofFrame: run.frames.lowerBound))
    }
    return starts
  }

  /// Why `path`'s video does not decode from each of `starts`, `pictures` pictures on (fewer where the output
  /// ends); nil when it does, without an error or a damaged picture.
  static func problem(in path: String, at starts: [MediaTime], pictures: Int = 3) -> String? {
    do {
      let input = try InputFile(path: path)
      guard let index = StreamSelection.videoStream(of: input) else { return "no video stream" }
      input.discardAll(except: index)
      let stream = input.stream(index)
      let decoder = try Decoder(stream: stream, threads: 1, explodes: true)
      let (packet, frame) = (try Packet(), try Frame())
      let origin = stream.pointee.start_time == cm_nopts_value() ? 0 : stream.pointee.start_time
      // A splice's first picture may stand a tick after its frame's time (a nudged decode time moves its
      // presentation time too): the seek aims a few ticks on, so it lands on that picture, not the group before.
      let slack = Timestamp.ticks(MediaTime.ticks(1, rate: 1000), stream.pointee.time_base, rounding: .up)
      for start in starts {
        if let problem = problem(input, index, decoder, packet, frame, from: start, origin, slack, pictures) {
          return problem
        }
      }
      return nil
    } catch {
      return "\(error)"
    }
  }

  /// Why the pictures from `start` do not decode; nil when `pictures` of them do.
  private static func problem(
    _ input: InputFile, _ index: Int, _ decoder: Decoder, _ packet: Packet, _ frame: Frame, from start: MediaTime,
    _ origin: Int64, _ slack: Int64, _ pictures: Int
  ) -> String? {
    let stream = input.stream(index)
    do {
      let target = origin + Timestamp.ticks(start, stream.pointee.time_base, rounding: .down)
      try input.seek(stream: index, to: target + slack)
      decoder.flush()
      var shown = 0
      var reached = false
      var draining = false
      // At most a few seconds of pictures before the start: the seek lands on the keyframe before it.
      var budget = 600
      decoding: while shown < pictures && budget > 0 {
        if !draining {
          if try input.read(into: packet) {
            defer { packet.unref() }
            guard Int(packet.pointer.pointee.stream_index) == index else { continue }
            _ = try decoder.send(packet)
          } else {
            draining = true
            _ = try decoder.send(nil)
          }
        }
        while try decoder.receive(into: frame) == .ready {
          defer { frame.unref() }
          budget -= 1
          let p = frame.pointer.pointee
          if p.decode_error_flags != 0 || p.flags & AV_FRAME_FLAG_CORRUPT != 0 {
            return "a damaged picture near \(start.secondsText)"
          }
          if p.best_effort_timestamp >= target - slack || p.best_effort_timestamp == cm_nopts_value() {
            reached = true
          }
          if reached { shown += 1 }
          if shown >= pictures { break decoding }
        }
        if draining { break }
      }
      if !reached { return "no picture decodes at \(start.secondsText)" }
      return nil
    } catch {
      return "at \(start.secondsText): \(error)"
    }
  }
}
