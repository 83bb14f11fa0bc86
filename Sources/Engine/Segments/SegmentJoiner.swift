internal import CFFmpeg
import Composition

/// Joins rendered segments into one output: their video by stream copy, each shifted to its first frame's time
/// so timestamps run on without a gap or overlap, and the audio encoded once over the whole timeline (no encoder
/// priming or padding at any joint): copied from the job's audio file, or rendered here when there is none or
/// the output's container wants another codec. Written atomically in the route's container.
public final class SegmentJoiner {
  /// One rendered segment: its file and the output frames it holds.
  public struct SegmentFile: Sendable {
    /// The rendered segment's file.
    public var path: String
    /// The output frames it holds, by index (the last excluded).
    public var frames: Range<Int64>
    /// A segment file at `path` holding output frames `frames`.
    public init(path: String, frames: Range<Int64>) {
      self.path = path
      self.frames = frames
    }
  }

  private let composition: Composition
  /// The export the job was planned with (its audio file is in that export's audio codec).
  private let planned: ExportSettings
  private let segments: [SegmentFile]
  private let audioPath: String?
  private let route: OutputRoute
  private let overwrite: Bool
  /// The plan every part must carry (`SegmentRenderer.planTag`); nil: not checked.
  private let plan: String?

  /// `audio`: the file the job's audio part was rendered to (`SegmentRenderer.renderAudio`), nil for none;
  /// `plan`: the plan the parts must have been rendered for.
  public init(
    composition: Composition, segments: [SegmentFile], audio: String? = nil, route: OutputRoute, overwrite: Bool,
    plan: String? = nil
  ) {
    self.plan = plan
    planned = composition.export
    var composition = composition
    composition.export.container = route.container
    self.composition = composition
    self.segments = segments
    audioPath = audio
    self.route = route
    self.overwrite = overwrite
  }

  /// Every problem of the segments, one line each naming the segment: missing, unreadable, not the frames it
  /// should hold, or encoded differently from the first. Empty when they can be joined. A read of a segment
  /// that fails (an I/O error, not its data) throws: it is not the segment's problem and rendering it again
  /// would not help.
  public func problems() throws(EngineError) -> [String] {
    var problems: [String] = []
    var reference: [UInt8]?
    for (k, segment) in segments.enumerated() {
      let name = "segment \(k) (\(segment.path))"
      // MP4 segments: the header says all that is checked, no probing of packets needed.
      guard let input = try? InputFile.forCopy(path: segment.path), let video = StreamSelection.videoStream(of: input)
      else {
        problems.append("\(name): missing or not a finished segment; run its job again")
        continue
      }
      if let problem = planProblem(input, name: name) {
        problems.append(problem)
        continue
      }
      let par = input.stream(video).pointee.codecpar.pointee
      let config = par.extradata.map { Array(UnsafeBufferPointer(start: $0, count: Int(par.extradata_size))) } ?? []
      if let reference, reference != config {
        problems.append("\(name): encoded with other settings than segment 0; render it again")
      }
      if reference == nil, let codec = VideoCodec.allCases.first(where: { $0.codecID == par.codec_id }),
        !route.container.videoCodecs.contains(codec)
      {
        problems.append(
          "the segments hold \(codec.rawValue) video, which \(route.container.rawValue) cannot carry; join into "
            + Container.allCases.filter { $0.videoCodecs.contains(codec) }.map(\.fileExtension).joined(separator: ", "))
      }
      reference = reference ?? config
      let packets = try Self.videoPacketCount(input, stream: video)
      if packets != Int64(segment.frames.count) {
        problems.append("\(name): holds \(packets) frames, not \(segment.frames.count); render it again")
      }
    }
    if let audioPath, let problem = audioProblem(audioPath) { problems.append(problem) }
    return problems
  }

  /// What is wrong with the job's audio file: missing, not in the planned codec and format, or not as long as
  /// the output.
  private func audioProblem(_ path: String) -> String? {
    let name = "the audio (\(path))"
    guard let input = try? InputFile.forCopy(path: path), let index = StreamSelection.audioStream(of: input) else {
      return "\(name): missing or not finished; run its job again"
    }
    if let problem = planProblem(input, name: name) { return problem }
    if TruncationCheck.dataEnd(of: input, streams: [index]) != nil {
      return "\(name): cut short; run its job again"
    }
    let stream = input.stream(index).pointee
    let par = stream.codecpar.pointee
    guard par.codec_id == planned.effectiveAudioCodec.codecID, Int(par.sample_rate) == planned.audioSampleRate,
      Int(par.ch_layout.nb_channels) == planned.audioChannels
    else { return "\(name): encoded with other settings than the plan's; render it again" }
    let length = Timestamp.time(stream.duration, stream.time_base) ?? .zero
    let rate = planned.audioSampleRate
    guard abs(length.ticks(atRate: rate) - composition.outputDuration.ticks(atRate: rate)) < 1024 else {
      return "\(name): lasts \(length.secondsText), not \(composition.outputDuration.secondsText); render it again"
    }
    return nil
  }

  /// A part rendered for another plan (the folder was planned again since): its tag is not this plan's.
  private func planProblem(_ input: InputFile, name: String) -> String? {
    guard let plan else { return nil }
    let tag = av_dict_get(input.format.pointee.metadata, SegmentRenderer.planKey, nil, 0)
      .flatMap { $0.pointee.value }.map { String(cString: $0) }
    guard tag != SegmentRenderer.planTag(plan) else { return nil }
    return "\(name): rendered for another plan of this folder (it was planned again since); run its job again"
  }

  private static func videoPacketCount(_ input: InputFile, stream: Int) throws(EngineError) -> Int64 {
    let packet: Packet
    do { packet = try Packet() } catch { throw .internalFailure(.joining, "\(error)") }
    var count: Int64 = 0
    while try input.nextPacket(into: packet) {
      if Int(packet.streamIndex) == stream { count += 1 }
      packet.unref()
    }
    return count
  }

  /// Joins the segments; `checked` when `problems()` was asked already (and was empty).
  public func run(checked: Bool = false, isCancelled: () -> Bool = { false }) throws(EngineError) -> ExportReport {
    let problems = checked ? [] : try problems()
    if !problems.isEmpty { throw .invalidInput(path: route.path, reason: problems.joined(separator: "; ")) }
    guard let video = composition.video, let first = segments.first else {
      throw .internalFailure(.joining, "nothing to join")
    }
    let target = try OutputSink(route: route, overwrite: overwrite)
    let output = try target.open()
    let writer = PacketWriter(output, path: route.path)
    let damage = DamageLog()
    let stream: Int
    let audio: AudioLead?
    let packet: Packet
    do {
      packet = try Packet()
      let reference = try InputFile.forCopy(path: first.path)
      guard let index = StreamSelection.videoStream(of: reference) else {
        throw EngineError.invalidInput(path: first.path, reason: "no video stream")
      }
      stream = try output.addStream(copying: reference.stream(index), keepTag: route.container.isISOMedia)
      if let audioPath, composition.export.effectiveAudioCodec == planned.effectiveAudioCodec {
        audio = AudioLead(
          copied: try AudioCopy(path: audioPath, output: output, keepTag: route.container.isISOMedia),
          sampleRate: planned.audioSampleRate, writer: writer, duration: composition.outputDuration)
      } else {
        audio = AudioLead(
          encoded: try AudioStreamWriter(
            composition: composition, export: composition.export, output: output, damage: damage),
          writer: writer, duration: composition.outputDuration)
      }
      try target.start(output, export: composition.export)
    } catch let error as EngineError {
      throw error
    } catch {
      throw .outputFailed(path: route.path, reason: "cannot start the output (\(error))")
    }
    var frames: Int64 = 0
    try audio?.prepare(isCancelled: isCancelled, interruption: target.interruption)
    for segment in segments {
      if isCancelled() { throw target.interruption }
      let input: InputFile
      do { input = try InputFile.forCopy(path: segment.path) } catch {
        throw .readFailed(path: segment.path, error, reason: "cannot read the segment")
      }
      guard let index = StreamSelection.videoStream(of: input) else { continue }
      input.discardAll(except: index)
      let sourceBase = input.stream(index).pointee.time_base
      let shift = video.time(ofFrame: segment.frames.lowerBound)
      let end = min(video.time(ofFrame: segment.frames.upperBound), composition.outputDuration)
      try audio?.write(upTo: end)
      while try input.nextPacket(into: packet) {
        defer { packet.unref() }
        let p = packet.pointer
        guard Int(p.pointee.stream_index) == index, Timestamp.time(p.pointee.pts, sourceBase) != nil,
          Timestamp.time(p.pointee.dts, sourceBase) != nil
        else { continue }
        try writer.write(packet, stream: stream, from: sourceBase, shift: shift)
        frames += 1
      }
    }
    try audio?.finish()
    try writer.finish()
    try target.commit()
    return ExportReport(
      path: route.path, duration: composition.outputDuration, videoFrames: frames,
      audioSamples: audio?.samplesWritten ?? 0, damage: [])
  }
}
