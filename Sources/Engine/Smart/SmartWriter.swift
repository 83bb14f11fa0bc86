internal import CFFmpeg
import Composition
import Foundation

/// Writes a smart render's output: the copied groups' packets, the rendered runs encoded by x264 with parameter
/// sets of their own (several runs at once, on `SmartRunEncoders`' threads), the audio mixed and encoded whole,
/// interleaved by time.
final class SmartWriter {
  private let composition: Composition
  private let video: VideoComposition
  private let target: OutputSink
  private let output: Muxer
  private let writer: PacketWriter
  private let stream: Int
  private let audio: AudioLead?
  private let damage: DamageLog
  private let packet: Packet
  private let encoderSettings: SmartEncoder.Settings
  /// x264's parameter sets as the output's record lists them.
  private let encoderConfiguration: AVCConfiguration
  private let tables: CubeTables
  /// The output stream's time base.
  private var timeBase = AVRational(num: 1, den: 1)
  private(set) var framesWritten: Int64 = 0

  init(
    composition: Composition, video: VideoComposition, reference: Source, settings: SmartEncoder.Settings,
    target: OutputSink, strict: Bool, tables: CubeTables
  ) throws(EngineError) {
    self.composition = composition
    self.tables = tables
    self.video = video
    self.target = target
    damage = DamageLog(strict: strict)
    output = try target.open()
    let path = target.route.path
    writer = PacketWriter(output, path: path)
    do {
      packet = try Packet()
      let input = try InputFile(path: reference.path)
      guard let index = StreamSelection.videoStream(of: input) else {
        throw EngineError.invalidInput(path: reference.path, reason: "no video stream")
      }
      let source = input.stream(index)
      encoderSettings = settings
      stream = try output.addStream(copying: source, keepTag: true)
      // The record carries the source's parameter sets and x264's, whose ids (1) differ.
      let probe = try SmartEncoder(settings: encoderSettings, globalHeader: true)
      let par = source.pointee.codecpar.pointee
      guard
        let own = AVCConfiguration(
          avcC: Array(UnsafeBufferPointer(start: par.extradata, count: Int(par.extradata_size)))),
        let x264 = probe.configuration, let merged = own.merged(with: x264)
      else {
        throw EngineError.internalFailure(
          .encoding, "the source's and x264's parameter sets cannot share one avcC record")
      }
      encoderConfiguration = x264
      try output.setExtradata(stream: stream, merged.bytes)
      audio = AudioLead(
        encoded: try AudioStreamWriter(
          composition: composition, export: composition.export, output: output, damage: damage),
        writer: writer, duration: composition.outputDuration)
      try target.start(output, export: composition.export)
      timeBase = output.timeBase(ofStream: stream)
    } catch let error as EngineError {
      throw error
    } catch {
      throw .outputFailed(path: path, reason: "cannot start the output (\(error))")
    }
  }

  /// Writes every run of `plan` in order.
  func write(
    _ plan: SmartPlan, indexes: [SourceID: GOPIndex], delay: MediaTime, progress: (ExportProgress) -> Void,
    isCancelled: () -> Bool
  ) throws(EngineError) {
    let duration = composition.outputDuration
    let encoders = SmartRunEncoders(
      runs: plan.runs.compactMap { if case .render(let frames) = $0 { frames } else { nil } },
      job: SmartRunEncoders.Job(
        composition: composition, video: video, settings: encoderSettings, configuration: encoderConfiguration,
        tables: tables, damage: damage, timeBase: timeBase, delay: Timestamp.ticks(delay, timeBase)),
      cpus: composition.export.threads ?? ProcessInfo.processInfo.activeProcessorCount)
    defer { encoders.stop() }
    try audio?.prepare(isCancelled: isCancelled, interruption: target.interruption)
    var rendered = 0
    for run in plan.runs {
      if isCancelled() { throw target.interruption }
      switch run {
      case .copy(let source, let group, let frames):
        guard let index = indexes[source], let path = composition.source(source)?.path else { continue }
        try copy(group: index.groups[group], of: index, path: path, at: frames.lowerBound)
      case .render:
        while let sample = try encoders.next(
          run: rendered, isCancelled: isCancelled, interruption: target.interruption)
        {
          try audio?.write(upTo: video.time(ofFrame: sample.frame + 1))
          try write(sample.packet)
        }
        rendered += 1
      }
      framesWritten = run.frames.upperBound
      progress(
        ExportProgress(
          outputTime: video.time(ofFrame: framesWritten), duration: duration, framesWritten: framesWritten))
    }
    try audio?.finish()
    try writer.finish()
  }

  func report(_ plan: SmartPlan) -> ExportReport {
    ExportReport(
      path: target.route.path, duration: composition.outputDuration, videoFrames: framesWritten,
      audioSamples: audio?.samplesWritten ?? 0, damage: damage.summaries)
  }

  /// Copies a group's packets, shifted so its first picture lands on output frame `first`.
  private func copy(group: GOPIndex.Group, of index: GOPIndex, path: String, at first: Int64) throws(EngineError) {
    let packets = index.packets[group.firstPacket..<group.firstPacket + group.packetCount]
    guard let start = packets.first else { return }
    let input: InputFile
    do {
      input = try InputFile.forCopy(path: path)
      input.discardAll(except: index.stream)
      try input.seek(stream: index.stream, to: start.pts)
    } catch {
      throw .readFailed(path: path, error, reason: "cannot read its packets again")
    }
    // Source time of the group's first picture → output time of frame `first`.
    guard let firstTime = group.times.first else { return }
    let shift = video.time(ofFrame: first) - firstTime - index.fileStart
    try audio?.write(upTo: video.time(ofFrame: first + Int64(group.times.count)))
    var copied = 0
    var started = false
    while copied < packets.count, try input.nextPacket(into: packet) {
      defer { packet.unref() }
      let p = packet.pointer
      guard Int(p.pointee.stream_index) == index.stream else { continue }
      if !started {
        guard p.pointee.dts == start.dts && p.pointee.pts == start.pts else { continue }
        started = true
      }
      guard Timestamp.time(p.pointee.pts, index.timeBase) != nil, Timestamp.time(p.pointee.dts, index.timeBase) != nil
      else { throw .invalidInput(path: path, reason: "a packet without a time in a copied group") }
      p.pointee.flags &= ~AV_PKT_FLAG_DISCARD
      try writer.write(packet, stream: stream, from: index.timeBase, shift: shift, order: .required)
      copied += 1
    }
    guard copied == packets.count else {
      throw .invalidInput(path: path, reason: "its packets changed between two readings")
    }
  }

  /// Writes a packet already on the output's clock; its decode time must go forward (the plan's order).
  private func write(_ packet: Packet) throws(EngineError) {
    try writer.write(packet, stream: stream, order: .required)
  }
}
