import ClipMergeKit
import Foundation

/// What every rendering command does once it has a composition: decide the output route, refuse to write over
/// an input, render with progress and interruption, and report.
struct RenderRunner {
  var console: Console
  var output: RenderOptions
  /// Text and subtitles drawn over the composition before it renders (every command passes its own).
  var text: TextOptions
  /// Whose terms a broken rule of the model is said in: the files involved (a command line), or the JSON paths
  /// of the spec the user wrote (compose).
  enum Wording {
    case files
    case spec(name: String, document: SpecDocument)
  }
  var wording = Wording.files
  /// When the command started, for `--report`.
  var clock = RenderReport.Clock()
  /// Files the command read besides the composition's (the spec being composed): never written over.
  var readFiles: [String] = []
  /// Whether a full render should say how much `--smart` would copy (a join or a trim of clips), worked out on
  /// the composition as it renders, text and subtitles included, so the share is the one `--smart` copies.
  var offersSmart = false
  /// Whether `--copy` could join the clips as they are (a concat checked): the render is then whole.
  var joinableByCopy = false
  /// `--copy` of clips an edit list hides pictures in, which only that stops from being joined by copy: the
  /// render is smart (the groups holding them re-encoded, the rest copied), or refused with this reason.
  var copyNeedsSmart: String?

  /// Probes `path` for the model, saying which input it is when that fails.
  static func probe(_ path: String) throws(CommandFailure) -> MediaInfo {
    do {
      return try MediaProbe.probe(path)
    } catch {
      throw CommandFailure(error)
    }
  }

  /// The route the output takes; with `--dry-run` and no `-o`, a route with no file for the plan to show.
  func plannedRoute(_ export: ExportSettings) throws(CommandFailure) -> OutputRoute {
    if output.dryRun && output.path.isEmpty && output.specPath == nil {
      return OutputRoute(path: "", container: export.container)
    }
    return try output.route()
  }

  func render(_ given: Composition) throws(CommandFailure) {
    let composition =
      text.isEmpty ? given : try text.apply(to: given, console: console, quiet: output.quiet)
    if output.printSpec {
      var spec = composition
      spec.export = output.apply(to: composition.export)
      if !output.path.isEmpty { spec.export.container = try output.route().container }
      let data = SpecEncoder.encode(
        spec, outputPath: output.path.isEmpty ? nil : output.path,
        workingDirectory: FileManager.default.currentDirectoryPath)
      console.out(String(decoding: data, as: UTF8.self) + "\n")
      return
    }
    let route = try plannedRoute(composition.export)
    // The one validation and the one plan: the exporter checks the composition in the route's container and
    // decides how to write it.
    let exporter: Exporter
    do {
      exporter = try Exporter(
        composition: composition, route: route, overwrite: output.overwrite, strict: output.strict,
        smart: smartPolicy)
    } catch {
      throw failure(error, composition)
    }
    // A refused target is said before any note: a run that writes nothing has nothing to note.
    let inputs = composition.inputFiles + readFiles
    if !output.dryRun {
      try checkOutput(route, sources: inputs)
      try checkReport(output: route, inputs: inputs)
    }
    if let refusal = copyNeedsSmart {
      guard exporter.plan.method == .smart else {
        throw CommandFailure("--copy: cannot join without re-encoding: \(refusal)", code: .dataError)
      }
      if !output.quiet && !output.dryRun {
        console.note(
          "--copy: \(refusal.prefix { $0 != ";" }); the groups of pictures that hold them are re-encoded, the "
            + "other pictures copied, the sound encoded again (a smart render)")
      }
    }
    var routed = composition
    routed.export.container = route.container
    if !output.quiet && !output.dryRun { note(exporter.plan) }
    if !output.quiet { warn(about: routed) }
    if output.dryRun {
      console.out(RenderPlan(composition: routed, outputPath: route.path, keepsHDR: exporter.plan.keepsHDR).text)
      console.out(ExportPlanText.text(exporter.plan))
      return
    }
    let line = ProgressLine(console: output.quiet || output.progressJSON ? Console.silent : console)
    let json = output.progressJSON ? ProgressJSON(console: console) : nil
    let report: ExportReport
    do {
      let update: (ExportProgress) -> Void = { progress in
        line.update(progress)
        json?.update(progress)
      }
      report = try exporter.run(progress: update, isCancelled: { SignalTrap.isRaised })
    } catch {
      line.finish()
      throw CommandFailure(error)
    }
    line.finish()
    if case .smartOutputUndecodable(let why) = exporter.plan.reason, !output.quiet {
      console.note("smart render: the output did not decode (\(why)); rendered every frame instead")
    }
    json?.finish(report)
    try writeReport(report, route: route, plan: exporter.plan)
    guard !output.quiet && !output.progressJSON else { return }
    for damage in report.damage {
      let at = damage.firstTime.map { ", the first at \($0.secondsText)" } ?? ""
      console.warning(
        "\(damage.path): skipped \(damage.count) damaged packet\(damage.count == 1 ? "" : "s")"
          + "\(at); the last good picture was held (use --strict to fail instead)")
    }
    console.wrote(
      report.path,
      "\(report.duration.secondsText), \(report.videoFrames) frames, \(report.audioSamples) audio samples")
  }

  /// `--report`: the finished render described as JSON.
  /// A report that cannot be written fails the command, and a failed command leaves nothing: the output just
  /// written is removed (a file only: a pipe's or a device's bytes are gone already).
  func writeReport(_ report: ExportReport, route: OutputRoute, plan: ExportPlan?) throws(CommandFailure) {
    guard let destination = output.report else { return }
    do {
      try RenderReport(report, route: route, clock: clock, plan: plan).write(
        to: destination, overwrite: output.overwrite, console: console)
    } catch {
      var info = stat()
      if !route.isStandardOutput, lstat(route.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG {
        unlink(route.path)
      }
      throw error
    }
  }

  /// A report FILE follows the output's rules, checked before the render starts: not an input, not the output,
  /// not an existing file without `-y`, in a folder that exists.
  func checkReport(output route: OutputRoute, inputs: [String]) throws(CommandFailure) {
    guard case .file(let path) = output.report else { return }
    try Self.checkOutput(path: path, sources: inputs)
    if !route.isStandardOutput && (Self.resolved(path) == Self.resolved(route.path) || Self.sameFile(path, route.path))
    {
      throw CommandFailure("\(path): the report would replace the output; give it another name", code: .usage)
    }
    do { try AtomicFile.checkPlace(path, overwrite: output.overwrite) } catch { throw CommandFailure(error) }
  }

  /// What the command allows of smart render: `--smart` asks for it, `--no-smart` turns it off; a concat of
  /// trimmed or several clips offers it (`offersSmart`) unless `--copy` could join them; a named video encoding
  /// keeps it to when asked. The exporter decides (`ExportPlan`).
  var smartPolicy: SmartPolicy {
    SmartPolicy(
      asked: output.smart || copyNeedsSmart != nil, turnedOff: output.noSmart, offered: offersSmart,
      joinableByCopy: joinableByCopy,
      encodingChosen: output.overrides.namesVideoEncoding)
  }

  /// The note a plan calls for: a smart render says what it copies; `--smart` that can copy nothing says why;
  /// a render that `--smart` would make mostly copied says how much (from a quarter on); clips `--copy` could
  /// join say so.
  func note(_ plan: ExportPlan) {
    if joinableByCopy && plan.reason != .joinableByCopy {
      console.note("these clips can be joined without re-encoding; --copy would be much faster")
    }
    if plan.method == .smart { plan.smart?.warnings.forEach(console.warning) }
    if let hdr = plan.hdr, hdr.hasPrefix("mapped") {
      console.note("HDR clips are \(hdr)")
    }
    switch plan.reason {
    case .smartAsked:
      if let summary = plan.smart { console.note("smart render: " + ExportPlanText.headline(summary)) }
    case .mostIsCopied:
      if let summary = plan.smart {
        console.note("smart render: " + ExportPlanText.headline(summary) + "; --no-smart renders every frame")
      }
    case .nothingToCopy(let why) where output.smart:
      console.note("--smart: nothing can be copied (\(StdinSpool.userFacing(why))); rendering everything")
    case .joinableByCopy:
      console.note("these clips can be joined without re-encoding; --copy would be much faster")
    case .tooLittleCopied, .encodingChosen, .strict, .standardOutput:
      if let summary = plan.smart, summary.percent >= 25 {
        console.note("--smart would copy \(summary.percent) % of the frames as they are and re-encode only the rest")
      }
    default: break
    }
  }

  /// The failure for a composition the exporter refuses: output settings that do not fit together came from the
  /// command line (a usage error); a broken rule of the timeline is bad data, said in the user's terms.
  func failure(_ error: EngineError, _ composition: Composition) -> CommandFailure {
    guard case .invalidComposition(let invalid) = error else { return CommandFailure(error) }
    if let rule = invalid.problems.first(where: \.isExportSetting) {
      return CommandFailure(rule.description, code: .usage)
    }
    return CommandFailure(
      invalid.problems.map { explain($0, composition) }.joined(separator: "\nclipmerge: error: "), code: .dataError)
  }

  /// A broken rule in the user's terms.
  func explain(_ rule: CompositionError, _ composition: Composition) -> String {
    switch wording {
    case .files: return composition.explanation(of: rule)
    case .spec(let name, let document):
      return "\(name): \(SpecProblem(path: document.location(of: rule), message: rule.description))"
    }
  }

  /// Warnings for what the user asked for but will not see or hear, and for sources shorter than they claim.
  func warn(about composition: Composition) {
    for source in composition.sources { warnAboutLength(source.path, source.info) }
    for warning in composition.noEffectWarnings() { console.warning(warning) }
    if !composition.export.container.carriesAudio && composition.hasAudio {
      let name = composition.export.container == .gif ? "GIF" : "WebP"
      console.warning("an animated \(name) has no sound; the audio is left out")
    }
    if composition.export.container == .gif { warnAboutGIF(composition) }
  }

  /// The warning for a file whose data ends before (or runs past) the length its header states.
  func warnAboutLength(_ path: String, _ info: MediaInfo) {
    guard let stated = info.statedDuration else { return }
    let what = stated > info.duration ? "truncated: its data ends at" : "its data runs to"
    console.warning(
      "\(path): \(what) \(info.duration.secondsText), not the \(stated.secondsText) its header states; using "
        + info.duration.secondsText)
  }

  /// A long or large GIF grows fast: about 0.15 bytes a pixel a frame, measured on dithered test patterns.
  func warnAboutGIF(_ composition: Composition) {
    guard let video = composition.video else { return }
    let frames = video.frameCount(covering: composition.duration)
    let megabytes = Double(frames) * Double(video.renderSize.width * video.renderSize.height) * 0.15 / 1e6
    if megabytes > 25 {
      console.warning(
        "the GIF will be large: \(frames) frames of \(video.renderSize.width)x"
          + "\(video.renderSize.height), about \(Int(megabytes)) MB; --size and --fps make it smaller "
          + "(480x270 at 12 fps is usual)")
    }
  }

  /// Refuses to write over an input (compared by file identity) and to write media to a terminal.
  func checkOutput(_ route: OutputRoute, sources: [String]) throws(CommandFailure) {
    try Self.checkOutput(path: route.path, sources: sources)
  }

  /// The same for any output path (`-`: standard output).
  static func checkOutput(path: String, sources: [String]) throws(CommandFailure) {
    if path == OutputRoute.standardOutputName {
      if isatty(STDOUT_FILENO) == 1 {
        throw CommandFailure("-o -: standard output is a terminal; pipe it into a program or a file", code: .usage)
      }
      return
    }
    for source in sources where sameFile(source, path) {
      throw CommandFailure("\(path): the output is one of the inputs; refusing to write over it", code: .cannotCreate)
    }
  }

  /// `path` with its folder resolved (symlinks, `.`, `..`): the same for two spellings of one place, whether or
  /// not the file exists yet.
  static func resolved(_ path: String) -> String {
    let url = URL(fileURLWithPath: path)
    let folder = url.deletingLastPathComponent().path
    guard let real = realpath(folder, nil) else { return url.standardizedFileURL.path }
    defer { free(real) }
    return String(cString: real) + "/" + url.lastPathComponent
  }

  /// Whether two paths name the same file (device and inode), whatever their spelling.
  static func sameFile(_ a: String, _ b: String) -> Bool {
    var sa = stat()
    var sb = stat()
    guard stat(a, &sa) == 0, stat(b, &sb) == 0 else { return false }
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
  }
}

extension RenderRunner {
  /// Joins `clips` by stream copy (`concat --copy`), reporting like a render.
  /// Why `--copy` cannot join `clips` when pictures an edit list hides are the only reason (an MP4 or QuickTime
  /// output, where a smart render can re-encode their groups and copy the rest); nil otherwise.
  func copyBlockedByHiddenPictures(_ clips: [ClipReference]) throws(CommandFailure) -> String? {
    let route = try plannedRoute(output.export)
    guard route.container.isISOMedia else { return nil }
    let paths = try clips.map { clip throws(CommandFailure) in try StdinSpool.resolve(clip.path) }
    let trims = clips.map(\.isTrimmed)
    guard let reason = StreamCopyJoiner.incompatibility(paths, trims: trims, output: route.container),
      StreamCopyJoiner.incompatibility(
        paths, trims: trims, output: route.container, ignoringHiddenPictures: true) == nil
    else { return nil }
    return reason
  }

  func streamCopy(_ clips: [ClipReference]) throws(CommandFailure) {
    let route = try plannedRoute(output.export)
    let paths = try clips.map { clip throws(CommandFailure) in try StdinSpool.resolve(clip.path) }
    try checkOutput(route, sources: paths + readFiles)
    try checkReport(output: route, inputs: paths + readFiles)
    for path in paths {
      do { try MediaProbe.checkReadable(path) } catch { throw CommandFailure(error) }
    }
    if let reason = StreamCopyJoiner.incompatibility(
      paths, trims: clips.map(\.isTrimmed), output: route.container)
    {
      throw CommandFailure("--copy: cannot join without re-encoding: \(reason)", code: .dataError)
    }
    for (index, path) in paths.enumerated() where !paths[..<index].contains(path) {
      if let info = try? MediaProbe.probe(path) { warnAboutLength(path, info) }
    }
    if output.dryRun {
      console.out(
        "output: \(route.path.isEmpty ? "(no file given)" : route.path), \(route.container.rawValue), "
          + "\(clips.count) clips joined by stream copy (no re-encoding)\n"
          + paths.enumerated().map { "input \($0.offset): \($0.element) (copied)\n" }.joined())
      return
    }
    let report: ExportReport
    do {
      report = try StreamCopyJoiner(
        paths: paths, route: route, export: output.export, overwrite: output.overwrite
      ).run(isCancelled: { SignalTrap.isRaised })
    } catch {
      throw CommandFailure(error)
    }
    try writeReport(report, route: route, plan: nil)
    if output.progressJSON {
      console.err(
        Console.jsonLine([
          "stage": "done", "path": report.path, "duration": ProgressJSON.round(report.duration.seconds),
          "durationExact": report.duration.description, "videoPackets": Int(report.videoFrames),
        ]))
      return
    }
    guard !output.quiet else { return }
    console.wrote(report.path, "\(report.duration.secondsText), \(report.videoFrames) video packets copied")
  }
}
