internal import CFFmpeg
import Composition
import Foundation

/// Joins files one after another by copying their packets, without decoding or re-encoding. Each file's
/// streams are shifted by the same amount, the sum of the files before it measured from each file's first
/// presentation time, so audio and video stay together across every join.
public final class StreamCopyJoiner {
  private let paths: [String]
  private let route: OutputRoute
  private let export: ExportSettings
  private let overwrite: Bool
  private var outputPath: String { route.path }

  /// Prepares to join `paths` into `route`; `export` gives the metadata and faststart (its codecs do not apply).
  public init(paths: [String], route: OutputRoute, export: ExportSettings, overwrite: Bool) {
    self.paths = paths
    self.route = route
    self.export = export
    self.overwrite = overwrite
  }

  /// Nil when the files can be copy-joined into `output`; else one line saying which clip and which parameter
  /// prevents it. `trims` tells which clips are trimmed (a trim needs re-encoding).
  /// `ignoringHiddenPictures`: pictures an edit list hides are no reason (a smart render re-encodes their group).
  public static func incompatibility(
    _ paths: [String], trims: [Bool], output: Container, ignoringHiddenPictures: Bool = false
  ) -> String? {
    if let index = trims.firstIndex(of: true) {
      return "clip \(index + 1) (\(paths[index])) is trimmed; a trim is exact to the frame only when re-encoded"
    }
    guard let first = paths.first, let reference = try? InputFile.forCopy(path: first) else {
      return "cannot open clip 1"
    }
    let referenceStreams = CopyCompatibility.Streams(reference)
    guard let video = referenceStreams.video else { return "clip 1 (\(first)) has no video stream" }
    if let problem =
      (ignoringHiddenPictures
        ? nil : CopyCompatibility.hiddenPicturesProblem(path: first, video: video, index: 1, output: output))
      ?? CopyCompatibility.configurationProblem(reference, video: video, output: output)
    {
      return problem
    }
    for (offset, path) in paths.enumerated().dropFirst() {
      guard let input = try? InputFile.forCopy(path: path) else { return "cannot open clip \(offset + 1) (\(path))" }
      if let reason = CopyCompatibility.difference(
        input, CopyCompatibility.Streams(input), index: offset + 1, from: reference, referenceStreams)
      {
        return reason
      }
      if !ignoringHiddenPictures, let video = CopyCompatibility.Streams(input).video,
        let problem = CopyCompatibility.hiddenPicturesProblem(
          path: path, video: video, index: offset + 1, output: output)
      {
        return problem
      }
    }
    return nil
  }

  /// Joins the files into the route's output, checking first that every clip can be copy-joined (else `cannotCopy`);
  /// stops, the output discarded (or cut short on standard output), when `isCancelled` returns true before a file.
  public func run(isCancelled: () -> Bool = { false }) throws(EngineError) -> ExportReport {
    for path in paths { try MediaProbe.checkReadable(path) }
    // Every clip is checked before a byte is written (standard output cannot take back what it was given).
    if let reason = Self.incompatibility(paths, trims: paths.map { _ in false }, output: route.container) {
      throw .cannotCopy(reason)
    }
    let target = try OutputSink(route: route, overwrite: overwrite)
    let output = try target.open()
    let writer = PacketWriter(output, path: outputPath)
    let reference: InputFile
    do {
      reference = try InputFile.forCopy(path: paths[0])
    } catch {
      throw .readFailed(path: paths[0], error, reason: "not a media file clipmerge can read")
    }
    let streams = CopyCompatibility.Streams(reference)
    guard streams.video != nil else { throw .cannotCopy("clip 1 (\(paths[0])) has no video stream") }
    var outputStreams: [Int] = []
    do {
      // The sample entry tag survives only from MP4/QuickTime into MP4/QuickTime.
      let keepTag = reference.isISOMedia && route.container.isISOMedia
      for index in streams.all {
        outputStreams.append(try output.addStream(copying: reference.stream(index), keepTag: keepTag))
      }
      try target.start(output, export: export)
    } catch let error as EngineError {
      throw error
    } catch let error as FFmpegError {
      throw .outputFailed(path: outputPath, reason: "cannot start the output (\(error.message))")
    } catch {
      throw .outputFailed(path: outputPath, reason: "cannot start the output (\(error))")
    }
    var state = CopyState(outputStreams: outputStreams)
    for (index, path) in paths.enumerated() {
      if isCancelled() { throw target.interruption }
      try copy(path, index: index, reference: (reference, streams), into: writer, state: &state)
    }
    try writer.finish()
    try target.commit()
    return ExportReport(
      path: outputPath, duration: state.offset, videoFrames: state.videoPackets, audioSamples: state.audioSamples,
      damage: [])
  }

  /// Running totals across files.
  struct CopyState {
    var outputStreams: [Int]
    /// Where the next file starts in the output.
    var offset = MediaTime.zero
    /// Where the next copied audio packet goes: audio packets are laid back to back.
    var audioPosition = MediaTime.zero
    var videoPackets: Int64 = 0
    var audioSamples: Int64 = 0
  }

  /// Copies file `index` after checking it matches the first file, opening it only for this.
  private func copy(
    _ path: String, index: Int, reference: (InputFile, CopyCompatibility.Streams), into output: PacketWriter,
    state: inout CopyState
  ) throws(EngineError) {
    let input: InputFile
    let packet: Packet
    do {
      input = index == 0 ? reference.0 : try InputFile.forCopy(path: path)
      packet = try Packet()
    } catch {
      throw .readFailed(path: path, error, reason: "not a media file clipmerge can read")
    }
    let streams = CopyCompatibility.Streams(input)
    if let reason = CopyCompatibility.difference(input, streams, index: index + 1, from: reference.0, reference.1) {
      throw .cannotCopy(reason)
    }
    let used = streams.all
    // The file's zero: the earliest first presentation time of the streams used.
    var start: MediaTime?
    for index in used {
      let stream = input.stream(index)
      guard stream.pointee.start_time != cm_nopts_value(),
        let t = Timestamp.time(stream.pointee.start_time, stream.pointee.time_base)
      else { continue }
      start = min(start ?? t, t)
    }
    let zero = start ?? .zero
    // A file that lies about its length (an index past the end of the file, a recording cut off) is copied for
    // as long as its data goes, by the render's rule, so the next clip follows without a hole.
    let clipEnd = state.offset + MediaProbe.length(of: input, streams: used).duration
    var audioFrame: Int64 = 0
    while true {
      guard try input.nextPacket(into: packet) else { break }
      defer { packet.unref() }
      guard let slot = used.firstIndex(of: Int(packet.streamIndex)) else { continue }
      let inStream = input.stream(used[slot])
      let outIndex = state.outputStreams[slot]
      let tbIn = inStream.pointee.time_base
      let p = packet.pointer
      let shift = state.offset - zero
      if index > 0 && Int(packet.streamIndex) == streams.video && p.pointee.flags & AV_PKT_FLAG_DISCARD != 0 {
        throw .cannotCopy(
          CopyCompatibility.hiddenPicturesProblem(
            path: path, video: Int(packet.streamIndex), index: index + 1, output: route.container)
            ?? "clip \(index + 1) (\(path)) has pictures its edit list hides")
      }
      if Int(packet.streamIndex) == streams.audio {
        // A decoder plays a whole frame whatever a trimmed packet's duration says: the codec's frame size, or
        // else the longest packet seen in this clip.
        let par = inStream.pointee.codecpar.pointee
        let frameSize = Int64(par.frame_size)
        audioFrame =
          frameSize > 0
          ? av_rescale_q(frameSize, AVRational(num: 1, den: max(par.sample_rate, 1)), tbIn)
          : max(audioFrame, p.pointee.duration)
        p.pointee.duration = audioFrame
        guard let pts = Timestamp.time(p.pointee.pts, tbIn),
          let placed = Self.placeAudio(
            packet, timeBase: tbIn, shift: shift, zero: zero, clipEnd: clipEnd, state: &state)
        else { continue }
        let rate = Int32(inStream.pointee.codecpar.pointee.sample_rate)
        state.audioSamples += av_rescale_q(p.pointee.duration, tbIn, AVRational(num: 1, den: max(rate, 1)))
        // Decoded where it is placed; decode times kept strictly increasing across the join.
        p.pointee.dts = p.pointee.pts
        try output.write(packet, stream: outIndex, from: tbIn, shift: placed - pts, order: .nudged)
      } else {
        state.videoPackets += 1
        try output.write(packet, stream: outIndex, from: tbIn, shift: shift, order: .nudged)
      }
    }
    state.offset = clipEnd
  }

  /// Where an audio packet goes in the output, or nil to drop it. Audio packets are laid back to back, as a
  /// decoder plays them, and each is kept or dropped to keep that running position on the clip's own timeline:
  /// encoder priming (before the clip's start) is dropped, a packet that would put the sound more than half a
  /// packet ahead is dropped, and a packet running past the clip's end is kept only if that leaves the position
  /// nearer the end. So sync stays within half a packet at every join and never accumulates. A position more
  /// than a packet behind (a clip without sound before) jumps to where the packet belongs.
  static func placeAudio(
    _ packet: Packet, timeBase: AVRational, shift: MediaTime, zero: MediaTime, clipEnd: MediaTime,
    state: inout CopyState
  ) -> MediaTime? {
    guard let pts = Timestamp.time(packet.pointer.pointee.pts, timeBase) else { return nil }
    let duration = Timestamp.time(packet.pointer.pointee.duration, timeBase) ?? .zero
    let ideal = pts + shift
    if pts + duration <= zero || ideal >= clipEnd { return nil }
    if state.audioPosition < ideal - duration { state.audioPosition = ideal }
    let position = state.audioPosition
    if position > ideal + duration.multiplied(by: 1, dividedBy: 2) { return nil }
    if ideal + duration > clipEnd {
      let keptError = position + duration - clipEnd
      let droppedError = position - clipEnd
      if abs(keptError.seconds) > abs(droppedError.seconds) { return nil }
    }
    state.audioPosition = position + duration
    return position
  }
}
