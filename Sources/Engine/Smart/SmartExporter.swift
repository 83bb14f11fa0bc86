internal import CFFmpeg
import Composition

/// Smart render: copies the groups of pictures a composition shows unchanged, bit for bit, and renders and
/// re-encodes only the rest (cuts inside a group, transitions, layers, other formats), so a join of trimmed
/// phone clips takes seconds and loses no quality where nothing changes.
///
/// H.264 or HEVC in MP4 or QuickTime. The copied source's parameter sets keep their ids; x264 encodes the rest
/// with parameter sets of id 1 (`sps-id`), x265 with its own renumbered to ids the source leaves free
/// (`HEVCRenumbering`); the same profile, size, bit depth and colour tags, no B-pictures, each run starting with
/// an IDR picture; the output's `avcC` or `hvcC` carries both, so the samples hold no parameter set (`hvc1`, as
/// Apple's players want it). A 10-bit or HDR clip's re-encoded frames are its own pictures as they are
/// (`SourceFrames`) where a frame is one of them alone; an HDR clip's other frames (a title, a transition, an SDR
/// clip among them) are composed at 10 bits in its transfer, as the full render would (`KeptHDR`); a 10-bit SDR
/// clip is smart only where it is trimmed and joined. The audio is rendered and encoded whole, as a full render
/// does it (it is cheap), so sync is exact.
public final class SmartExporter {
  private let composition: Composition
  private let route: OutputRoute
  private let overwrite: Bool
  private let strict: Bool
  private let tables: CubeTables
  /// The plan, or why nothing can be copied.
  public let outcome: Result<Summary, Refusal>
  private var plan: SmartPlan?
  private var settings: SmartEncoder.Settings?
  private var indexes: [SourceID: GOPIndex] = [:]
  private var reference: Source?
  private var delay = MediaTime.zero
  private var keepsDolbyVision = true
  private var pictures = SmartRunEncoders.Pictures(sources: [], hdr: nil)

  /// Whether the output keeps HDR at 10 bits: its frames composed in HDR where they are not copied or a clip's
  /// pictures as they are.
  var keepsHDR: Bool { pictures.hdr != nil }
  private var record: (record: SmartRecord, encoderSets: [[UInt8]])?

  /// What a smart render will copy.
  public struct Summary: Sendable {
    /// How many output frames are copied bit for bit.
    public var copiedFrames: Int64
    /// How many frames the output has in all.
    public var frameCount: Int64
    /// The runs, in output order.
    public var runs: [Run]
    /// The re-encoded runs' constant quality (x264's or x265's CRF).
    public var crf: Int
    /// The x264 or x265 speed preset of the re-encoded runs.
    public var preset: String
    /// What the smart render leaves behind that the source had, in the user's words (a Dolby Vision
    /// configuration its re-encoded pictures would not fit).
    public var warnings: [String] = []
    /// The fraction of the output's frames that are copied, 0 to 1 (0 when there are no frames).
    public var share: Double { frameCount == 0 ? 0 : Double(copiedFrames) / Double(frameCount) }
    /// The share in whole per cent, as every note prints it and the plan's rule reads it.
    public var percent: Int { Int((share * 100).rounded()) }
  }

  /// Output frames copied from one file (consecutive groups of it) or re-encoded.
  public struct Run: Sendable {
    /// Whether the run's frames are copied from a file (false: rendered and re-encoded).
    public var copied: Bool
    /// Output time.
    public var range: TimeRange
    /// When copied: the file, and the source time of the run's first frame.
    public var path: String?
    /// When copied: the source time of the run's first frame (nil for a re-encoded run).
    public var sourceStart: MediaTime?
  }

  /// Why a smart render would copy nothing (the render then is a full one).
  public struct Refusal: Error, Sendable, CustomStringConvertible {
    /// Why, in the user's words.
    public var description: String
  }

  /// Validates `composition` in `route`'s container (throws `EngineError.invalidComposition`) and plans what
  /// can be copied (reading every eligible source's packets, without decoding).
  public convenience init(composition: Composition, route: OutputRoute, overwrite: Bool, strict: Bool = false)
    throws(EngineError)
  {
    var composition = composition
    composition.export.container = route.container
    do { try composition.validate() } catch { throw .invalidComposition(error) }
    try self.init(
      validated: composition, tables: try CubeTables(composition: composition), route: route, overwrite: overwrite,
      strict: strict)
  }

  /// Plans `composition`, already validated in `route`'s container, with its colour tables.
  init(validated composition: Composition, tables: CubeTables, route: OutputRoute, overwrite: Bool, strict: Bool)
    throws(EngineError)
  {
    // Copied groups are placed on the output's frame grid: a variable-rate clip's pictures are too.
    var composition = composition
    composition.video?.frameTiming = .constant
    self.tables = tables
    self.composition = composition
    self.route = route
    self.overwrite = overwrite
    self.strict = strict
    switch Self.eligibility(composition) {
    case .failure(let refusal):
      outcome = .failure(refusal)
    case .success(let (reference, orientation, sources)):
      var indexes: [SourceID: GOPIndex] = [:]
      var byPath: [String: GOPIndex] = [:]
      for source in sources {
        let index: GOPIndex
        if let known = byPath[source.path] { index = known } else { index = try GOPIndex(path: source.path) }
        byPath[source.path] = index
        indexes[source.id] = index
      }
      let (settings, dolbyVision) = try Self.settings(reference: reference, composition: composition)
      // H.264: copied groups whose decode times run ahead by different delays could not sit between re-encoded
      // runs with decode times always increasing: only groups with the reference's first closed group's delay
      // are copied (an open GOP's later groups, another encoder's clips are re-encoded). HEVC: an open GOP's
      // groups run further ahead than its first (by their leading pictures), so any group is copied, the
      // re-encoded pictures decode as far ahead as the furthest, and a copied group's decode times move on a
      // tick where they would meet the pictures before them (`SmartWriter`).
      let delay: MediaTime
      if settings.codec == .hevc {
        delay = sources.compactMap { indexes[$0.id]?.groups.filter(\.isClosed).map(\.delay).max() }.max() ?? .zero
      } else {
        delay = indexes[reference.id]?.groups.first(where: \.isClosed)?.delay ?? .zero
      }
      let plan = SmartPlan(
        composition: composition, groups: indexes, delay: settings.codec == .hevc ? nil : delay)
      self.delay = delay
      self.plan = plan
      self.settings = settings
      self.keepsDolbyVision = dolbyVision?.survivesReencoding ?? true
      if settings.keepsSourcePictures {
        // A 10-bit HDR clip's frames that are not its picture alone are composed at 10 bits where the full render
        // would (an 8-bit HDR clip's are not: the compositor's HDR frames are 10-bit).
        let hdr = settings.format == AV_PIX_FMT_YUV420P10LE ? ToneMapper.Transfer(settings.transfer) : nil
        pictures = SmartRunEncoders.Pictures(
          sources: Set(sources.map(\.id)), hdr: hdr != nil && KeptHDR.composedTransfer(composition) == hdr ? hdr : nil)
      }
      // The output keeps the copied clips' display matrix; its re-encoded pictures are stored as theirs are.
      pictures.orientation = orientation
      self.indexes = indexes
      self.reference = reference
      if plan.copiedFrames == 0 {
        outcome = .failure(Refusal(description: "no group of pictures shows unchanged from start to end"))
      } else if settings.keepsSourcePictures, pictures.hdr == nil,
        !Self.takesSourcePictures(
          plan, composition: composition, from: pictures.sources, stored: pictures.orientation)
      {
        outcome = .failure(
          Refusal(
            description: "the re-encoded frames of a 10-bit SDR clip, or of an HDR clip among clips of another "
              + "transfer or not in BT.2020, would be composed (a layer, an effect, a transition or a speed change) "
              + "or come from a clip of other colours, and the compositor works on them at 8 bits"))
      } else if let record = Self.record(reference: reference, settings: settings) {
        self.record = record
        var summary = Self.summary(plan, composition: composition, indexes: indexes, settings: settings)
        if let dolbyVision, !dolbyVision.survivesReencoding {
          summary.warnings.append(dolbyVision.droppedWarning(path: reference.path))
        }
        outcome = .success(summary)
      } else {
        let encoder = settings.codec == .hevc ? "x265" : "x264"
        outcome = .failure(
          Refusal(description: "\(reference.path)'s parameter sets leave \(encoder)'s no free ids to be numbered to"))
      }
    }
  }

  /// Whether every re-encoded frame of `plan` is the picture, as it is (`SourceFrames`), of one of `sources`
  /// (the clips whose stream facts are the copied stream's: same bit depth, colours and range).
  private static func takesSourcePictures(
    _ plan: SmartPlan, composition: Composition, from sources: Set<SourceID>, stored orientation: Orientation
  ) -> Bool {
    guard let video = composition.video else { return false }
    return plan.runs.allSatisfy { run in
      guard case .render(let frames) = run else { return true }
      return SourceFrames.cover(frames, composition: composition, video: video, from: sources, stored: orientation)
    }
  }

  /// The output's configuration record (the source's parameter sets and the encoder's, under ids of their own)
  /// and the encoder's sets, made while planning; nil when they cannot share one record (an HEVC source that
  /// leaves no id free, a set that cannot be read, an encoder that cannot open).
  private static func record(reference: Source, settings: SmartEncoder.Settings) -> (
    record: SmartRecord, encoderSets: [[UInt8]]
  )? {
    guard let input = try? InputFile(path: reference.path), let index = StreamSelection.videoStream(of: input),
      let probe = try? SmartEncoder(settings: settings, globalHeader: true)
    else { return nil }
    let par = input.stream(index).pointee.codecpar.pointee
    let sets = probe.parameterSets
    return SmartRecord(
      source: Array(UnsafeBufferPointer(start: par.extradata, count: Int(par.extradata_size))), encoder: sets,
      codec: settings.codec
    ).map { ($0, sets) }
  }

  /// The encoder settings that fit the copied stream of `reference`, and its Dolby Vision configuration.
  private static func settings(reference: Source, composition: Composition) throws(EngineError)
    -> (SmartEncoder.Settings, DolbyVisionRecord?)
  {
    let input: InputFile
    do { input = try InputFile(path: reference.path) } catch {
      throw .readFailed(path: reference.path, error, reason: "not a media file clipmerge can read")
    }
    guard let video = composition.video else {
      throw .internalFailure(.planning, "a smart render was planned without video")
    }
    guard let index = StreamSelection.videoStream(of: input) else {
      throw .invalidInput(path: reference.path, reason: "no video stream")
    }
    var settings = SmartEncoder.Settings(source: input.stream(index), video: video, export: composition.export)
    if settings.codec == .hevc && settings.keepsSourcePictures {
      settings.hdrParameters = HDRMetadata.x265Parameters(path: reference.path)
    }
    return (settings, DolbyVisionRecord(stream: input.stream(index)))
  }

  private static func summary(
    _ plan: SmartPlan, composition: Composition, indexes: [SourceID: GOPIndex], settings: SmartEncoder.Settings
  ) -> Summary {
    let fd = composition.video?.frameDuration ?? MediaTime(seconds: 1)
    var runs: [Run] = []
    for run in plan.runs {
      let range = TimeRange(start: fd * run.frames.lowerBound, end: fd * run.frames.upperBound)
      switch run {
      case .copy(let source, let group, _):
        let start = indexes[source]?.groups[group].times.first
        let path = composition.source(source)?.path
        // Consecutive groups of one file, one after another in both: one run.
        if let last = runs.last, last.copied, last.path == path, last.range.end == range.start,
          let lastStart = last.sourceStart, let start, start - lastStart == range.start - last.range.start
        {
          runs[runs.count - 1].range = TimeRange(start: last.range.start, end: range.end)
        } else {
          runs.append(Run(copied: true, range: range, path: path, sourceStart: start))
        }
      case .render: runs.append(Run(copied: false, range: range, path: nil, sourceStart: nil))
      }
    }
    return Summary(
      copiedFrames: plan.copiedFrames, frameCount: plan.frameCount, runs: runs, crf: settings.crf,
      preset: settings.preset)
  }

  /// The source whose packets can be copied (the first H.264 video source that matches the output frame for
  /// frame), the orientation its pictures are stored in, and every source with the same stream parameters; or
  /// why there is none. Clips stored in different orientations are rendered upright in full (an output track has
  /// one display matrix).
  static func eligibility(_ composition: Composition) -> Result<(Source, Orientation, [Source]), Refusal> {
    func refuse(_ why: String) -> Result<(Source, Orientation, [Source]), Refusal> {
      .failure(Refusal(description: why))
    }
    guard let video = composition.video else { return refuse("there is no video") }
    guard composition.export.container.isISOMedia else { return refuse("only MP4 and QuickTime outputs are smart") }
    let named = composition.export.videoCodec
    switch (named, composition.export.videoBitRate) {
    case (nil, nil), (.h264?, nil), (.hevc?, nil): break
    case (_, .some): return refuse("a smart render encodes at constant quality, not at --video-bitrate")
    case (let codec?, nil): return refuse("only H.264 and HEVC are smart, not \(codec.rawValue)")
    }
    let clips = composition.sources.filter { $0.drawing == nil && !$0.info.isStill && $0.info.video != nil }
    if let first = clips.first?.info.video?.orientation,
      let other = clips.first(where: { $0.info.video?.orientation != first })
    {
      // An output track has one display matrix.
      return refuse(
        "\(other.path) is \(other.info.video?.orientation.spoken ?? "upright"), \(clips[0].path) is \(first.spoken)")
    }
    var candidates: [(Source, StreamFacts)] = []
    for source in composition.sources where source.drawing == nil && !source.info.isStill {
      guard let facts = StreamFacts(path: source.path), facts.fits(video) else { continue }
      if let named, (named == .hevc) != (facts.codec == .hevc) { continue }
      // `--hdr sdr`: an HDR clip's pictures are not copied as they are.
      if composition.export.dynamicRange == .sdr && facts.isHDR { continue }
      candidates.append((source, facts))
    }
    guard let (reference, facts) = candidates.first else {
      let codecs = named.map { $0 == .hevc ? "HEVC" : "H.264" } ?? "H.264 or HEVC"
      return refuse(
        "no clip is \(codecs) 4:2:0 progressive at the output's size and frame rate (\(video.renderSize), "
          + "\(video.frameDuration.secondsText) a frame)")
    }
    guard facts.leavesIDOneFree else {
      return refuse("\(reference.path)'s parameter sets already use id 1, the one x264 numbers its own with")
    }
    return .success((reference, facts.orientation, candidates.filter { $0.1 == facts }.map(\.0)))
  }

  /// What a checked run wrote: the output, or why it did not decode (it was not kept).
  enum Written {
    case report(ExportReport)
    case undecodable(String)
  }

  /// Renders and writes the output: copied groups as they are, everything else rendered and encoded. Before a
  /// file is moved into place, it is decoded where it was spliced (`SmartCheck`); one that does not decode is
  /// not kept, and the error says why.
  public func run(progress: (ExportProgress) -> Void = { _ in }, isCancelled: () -> Bool = { false })
    throws(EngineError) -> ExportReport
  {
    switch try runChecked(progress: progress, isCancelled: isCancelled) {
    case .report(let report): return report
    case .undecodable(let why):
      throw .outputFailed(path: route.path, reason: "the smart render's output does not decode (\(why))")
    }
  }

  /// `run`, telling an output that does not decode apart (the caller renders in full instead).
  func runChecked(progress: (ExportProgress) -> Void, isCancelled: () -> Bool) throws(EngineError) -> Written {
    guard let plan, let reference, let settings, let record, let video = composition.video else {
      throw .internalFailure(.planning, "a smart render was asked for without a plan")
    }
    let target = try OutputSink(route: route, overwrite: overwrite)
    let writer = try SmartWriter(
      composition: composition, video: video, reference: reference, settings: settings, record: record.record,
      encoderSets: record.encoderSets, keepsDolbyVision: keepsDolbyVision, pictures: pictures, target: target,
      strict: strict,
      tables: tables)
    try writer.write(plan, indexes: indexes, delay: delay, progress: progress, isCancelled: isCancelled)
    if let path = target.readablePath,
      let problem = SmartCheck.problem(in: path, at: SmartCheck.splices(plan, video: video))
    {
      return .undecodable(problem)
    }
    try target.commit()
    return .report(writer.report(plan))
  }
}
