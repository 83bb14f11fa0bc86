import Composition
import Engine
import Foundation

/// What every rendering command does once it has a composition: refuse to write over an input, render with
/// progress and interruption, and report.
struct RenderRunner {
  var console: Console
  var output: OutputOptions

  /// Probes `path` for the model, saying which input it is when that fails.
  static func probe(_ path: String) throws(CommandFailure) -> MediaInfo {
    do {
      return try MediaProbe.probe(path)
    } catch {
      throw CommandFailure(error)
    }
  }

  func render(_ composition: Composition) throws(CommandFailure) {
    // Output settings that do not fit together came from the command line: a usage error.
    if let rule = composition.problems().first(where: \.isExportSetting) {
      throw CommandFailure(rule.description, code: .usage)
    }
    if output.printSpec {
      var spec = composition
      spec.export = output.apply(to: composition.export)
      let data = SpecEncoder.encode(
        spec, outputPath: output.path.isEmpty ? nil : output.path,
        workingDirectory: FileManager.default.currentDirectoryPath)
      console.out(String(decoding: data, as: UTF8.self) + "\n")
      return
    }
    if output.dryRun {
      do { try composition.validate() } catch { throw CommandFailure(EngineError.invalidComposition(error)) }
      console.out(RenderPlan(composition: composition, outputPath: output.path).text)
      return
    }
    try checkOutput(sources: composition.sources.map(\.path))
    if !output.quiet && !output.progressJSON {
      for source in composition.sources {
        guard let stated = source.info.statedDuration else { continue }
        console.err(
          "clipmerge: warning: \(source.path): truncated: its data ends at "
            + String(
              format: "%.3f s, before the %.3f s its header states; using %.3f s\n",
              source.info.duration.seconds, stated.seconds, source.info.duration.seconds))
      }
    }
    let line = ProgressLine(console: output.quiet || output.progressJSON ? Console.silent : console)
    let json = output.progressJSON ? ProgressJSON(console: console) : nil
    let report: ExportReport
    do {
      let exporter = try Exporter(
        composition: composition, outputPath: output.path, overwrite: output.overwrite, strict: output.strict)
      report = try exporter.run(
        progress: { progress in
          line.update(progress)
          json?.update(progress)
        }, isCancelled: { SignalTrap.isRaised })
    } catch {
      line.finish()
      let failure = CommandFailure(error)
      json?.fail(failure)
      throw failure
    }
    line.finish()
    json?.finish(report)
    guard !output.quiet && !output.progressJSON else { return }
    for damage in report.damage {
      let at = damage.firstTime.map { String(format: ", the first at %.3f s", $0.seconds) } ?? ""
      console.err(
        "clipmerge: warning: \(damage.path): skipped \(damage.count) damaged packet\(damage.count == 1 ? "" : "s")"
          + "\(at); the last good picture was held (use --strict to fail instead)\n")
    }
    let seconds = String(format: "%.3f", report.duration.seconds)
    console.err(
      "clipmerge: wrote \(report.path) (\(seconds) s, \(report.videoFrames) frames, \(report.audioSamples) audio samples)\n"
    )
  }

  /// Refuses to write over an input (compared by file identity) and to write media to a terminal.
  func checkOutput(sources: [String]) throws(CommandFailure) {
    if output.path == "-" {
      if isatty(STDOUT_FILENO) == 1 {
        throw CommandFailure("-o -: standard output is a terminal; pipe it into a program or a file", code: .usage)
      }
      return
    }
    for source in sources where Self.sameFile(source, output.path) {
      throw CommandFailure(
        "\(output.path): the output is one of the inputs; refusing to write over it", code: .cannotCreate)
    }
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
  func streamCopy(_ clips: [ClipReference]) throws(CommandFailure) {
    try checkOutput(sources: clips.map(\.path))
    if output.dryRun {
      for clip in clips {
        do { try MediaProbe.checkReadable(clip.path) } catch { throw CommandFailure(error) }
      }
      if let reason = StreamCopyJoiner.incompatibility(clips.map(\.path), trims: clips.map(\.isTrimmed)) {
        throw CommandFailure("--copy: cannot join without re-encoding: \(reason)", code: .dataError)
      }
      console.out(
        "output: \(output.path.isEmpty ? "(no file given)" : output.path), \(output.export.container.rawValue), "
          + "\(clips.count) clips joined by stream copy (no re-encoding)\n"
          + clips.enumerated().map { "input \($0.offset): \($0.element.path) (copied)\n" }.joined())
      return
    }
    if let trimmed = clips.firstIndex(where: \.isTrimmed) {
      throw CommandFailure(
        "--copy: cannot join without re-encoding: clip \(trimmed + 1) (\(clips[trimmed].path)) is trimmed; "
          + "a trim is exact to the frame only when re-encoded", code: .dataError)
    }
    let report: ExportReport
    do {
      report = try StreamCopyJoiner(
        paths: clips.map(\.path), outputPath: output.path, export: output.export, overwrite: output.overwrite
      ).run(isCancelled: { SignalTrap.isRaised })
    } catch {
      throw CommandFailure(error)
    }
    guard !output.quiet else { return }
    let seconds = String(format: "%.3f", report.duration.seconds)
    console.err("clipmerge: wrote \(report.path) (\(seconds) s, \(report.videoFrames) video packets copied)\n")
  }
}
