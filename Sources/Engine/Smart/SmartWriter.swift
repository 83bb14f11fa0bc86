internal import CFFmpeg
import Composition
import Foundation

/// Writes a smart render's output: the copied groups' packets, the rendered runs encoded by x264 or x265 with parameter
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
  /// The encoder's parameter sets, and the output's record of them and the source's.
  private let encoderSets: [[UInt8]]
  private let record: SmartRecord
  private let tables: CubeTables
  private let pictures: SmartRunEncoders.Pictures
  /// The output stream's time base.
  private var timeBase = AVRational(num: 1, den: 1)
  private(set) var framesWritten: Int64 = 0

  init(
    composition: Composition, video: VideoComposition, reference: Source, settings: SmartEncoder.Settings,
    record: SmartRecord, encoderSets: [[UInt8]], keepsDolbyVision: Bool, pictures: SmartRunEncoders.Pictures,
    target: OutputSink, strict: Bool, tables: CubeTables
  ) throws(EngineError) {
    self.record = record
    self.pictures = pictures
    self.encoderSets = encoderSets
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
      stream = try output.addStream(copying: source, keepTag: true, keepsDolbyVision: keepsDolbyVision)
      // The record, made while planning, carries the source's parameter sets and the encoder's.
      try output.setExtradata(stream: stream, record.bytes)
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
        composition: composition, video: video, settings: encoderSettings, parameterSets: encoderSets, record: record,
        pictures: pictures, tables: tables, damage: damage, timeBase: timeBase,
        delay: Timestamp.ticks(delay, timeBase)),
      cpus: composition.export.threads ?? ProcessInfo.processInfo.activeProcessorCount)
    defer { encoders.stop() }
    try audio?.prepare(isCancelled: isCancelled, interruption: target.interruption)
    var rendered = 0
    var previous: SmartPlan.Run?
    for run in plan.runs {
      if isCancelled() { throw target.interruption }
      defer { previous = run }
      switch run {
      case .copy(let source, let group, let frames):
        guard let index = indexes[source], let path = composition.source(source)?.path else { continue }
        try copy(
          group: index.groups[group], of: index, path: path, frames: frames,
          spliced: !run.continues(previous) && encoderSettings.codec == .hevc)
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

  /// Copies a group's packets, shifted so its first picture lands on output frame `frames.lowerBound`.
  /// `spliced`: the group follows pictures that are not its source's (HEVC): its leading pictures are dropped
  /// and a CRA picture starting it is marked BLA.
  private func copy(
    group: GOPIndex.Group, of index: GOPIndex, path: String, frames: Range<Int64>, spliced: Bool
  ) throws(EngineError) {
    let first = frames.lowerBound
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
    try audio?.write(upTo: video.time(ofFrame: frames.upperBound))
    var read = 0
    var copied = 0
    var started = false
    while read < packets.count, try input.nextPacket(into: packet) {
      defer { packet.unref() }
      let p = packet.pointer
      guard Int(p.pointee.stream_index) == index.stream else { continue }
      if !started {
        guard p.pointee.dts == start.dts && p.pointee.pts == start.pts else { continue }
        started = true
      }
      read += 1
      // After other pictures, the group's leading pictures (shown before it, in what was rendered) go.
      if spliced && packets[packets.startIndex + read - 1].isLeading { continue }
      guard Timestamp.time(p.pointee.pts, index.timeBase) != nil, Timestamp.time(p.pointee.dts, index.timeBase) != nil
      else { throw .invalidInput(path: path, reason: "a packet without a time in a copied group") }
      p.pointee.flags &= ~AV_PKT_FLAG_DISCARD
      if spliced && copied == 0 { try Self.markBrokenLink(packet, path: path) }
      // HEVC groups run ahead by different delays: a decode time that would meet the last moves on a tick.
      try writer.write(
        packet, stream: stream, from: index.timeBase, shift: shift,
        order: encoderSettings.codec == .hevc ? .nudged : .required)
      copied += 1
    }
    guard read == packets.count else {
      throw .invalidInput(path: path, reason: "its packets changed between two readings")
    }
  }

  /// Marks an HEVC sample's CRA slices BLA (`BLA_W_LP`), as a splicer should: after another stream's pictures
  /// a CRA picture would take its picture order count from theirs and could not switch to its own parameter
  /// sets; a BLA picture starts a coded video sequence of its own. A closed group has no leading pictures, so
  /// nothing else changes.
  private static func markBrokenLink(_ packet: Packet, path: String) throws(EngineError) {
    let p = packet.pointer
    guard av_packet_make_writable(p) >= 0, let data = p.pointee.data else {
      throw .internalFailure(.encoding, "cannot copy a packet of \(path)")
    }
    let bytes = UnsafeMutableBufferPointer(start: data, count: Int(p.pointee.size))
    guard let units = NALUnits.ranges(lengthPrefixed: UnsafeBufferPointer(bytes)) else { return }
    for unit in units where bytes[unit.lowerBound] >> 1 & 0x3F == 21 {
      bytes[unit.lowerBound] = 16 << 1 | bytes[unit.lowerBound] & 0x81
    }
  }

  /// Writes a re-encoded picture, already on the output's clock. Its decode time is its time less the copied
  /// groups' delay, or one tick after the last when that is later: an HEVC group whose last pictures went to
  /// the next group's leading ones (`GOPIndex.Group.borrowedTail`) ends with decode times up to those pictures'
  /// own; a picture without B-pictures may decode any time before it shows.
  private func write(_ packet: Packet) throws(EngineError) {
    try writer.write(packet, stream: stream, order: .nudged)
  }
}
