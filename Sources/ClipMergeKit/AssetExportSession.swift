import Engine
import Foundation
import Synchronization

/// Renders a composition to a file (AVFoundation's AVAssetExportSession): set the output, the video composition
/// and the audio mix, then `await export()`. Cancelling the awaiting task, or `cancelExport()` from anywhere,
/// stops it within a frame and leaves no file; the output is written to a temporary file beside it and moved into
/// place complete. The composition is copied when the session is made, the video composition and the audio mix
/// when they are set (as AVFoundation copies them), so the session can be shared between tasks.
public final class AssetExportSession: Sendable {
  /// Where an export stands.
  public enum Status: Sendable, Equatable {
    /// Made and set up, `export()` not yet called.
    case waiting
    /// `export()` is running: planning, rendering and writing the file.
    case exporting
    /// The export finished and the file is in place at `outputURL`.
    case completed
    /// `export()` threw: no `outputURL`, a composition that cannot be made, or a failure of the render.
    case failed
    /// The export was stopped by `cancelExport()` or by cancelling the awaiting task; no file was left.
    case cancelled
  }

  private struct Settings {
    var outputURL: URL?
    var outputFileType: Container?
    var video: VideoComposition?
    var audioMix: AudioMix?
    var optimizeForNetworkUse = true
    var overwrite = false
    var timePitch = AudioTimePitch.keep
    var smartRendering = false
  }

  private let composition: CompositionSnapshot
  /// The preset the session was made with: how hard the encoder works for quality.
  public let presetName: ExportPreset
  private let settings = Mutex(Settings())
  private let state = ExportState()
  private let decided = Mutex<ExportPlan?>(nil)

  /// A session that exports a copy of `asset` as it is now, at the quality `presetName` names.
  public init(asset: MutableComposition, presetName: ExportPreset) {
    FFmpegLog.quietUnlessChosen()
    composition = CompositionSnapshot(asset)
    self.presetName = presetName
  }

  /// Where the file is written; `export()` fails when it is nil.
  public var outputURL: URL? {
    get { settings.withLock { $0.outputURL } }
    set { settings.withLock { $0.outputURL = newValue } }
  }

  /// The container; by default the one `outputURL`'s extension names (QuickTime when it names none).
  public var outputFileType: Container? {
    get { settings.withLock { $0.outputFileType } }
    set { settings.withLock { $0.outputFileType = newValue } }
  }

  /// A copy of the video composition set (nil: the default one, see `makeComposition`).
  public var videoComposition: MutableVideoComposition? {
    get { settings.withLock { $0.video }.map(MutableVideoComposition.init) }
    set {
      let value = newValue?.value
      settings.withLock { $0.video = value }
    }
  }

  /// A copy of the audio mix set (nil: every track at its recorded volume).
  public var audioMix: MutableAudioMix? {
    get { settings.withLock { $0.audioMix }.map(MutableAudioMix.init) }
    set {
      let value = newValue?.value
      settings.withLock { $0.audioMix = value }
    }
  }

  /// MP4 and QuickTime: the index first, so a player starts before the whole file has arrived.
  public var shouldOptimizeForNetworkUse: Bool {
    get { settings.withLock { $0.optimizeForNetworkUse } }
    set { settings.withLock { $0.optimizeForNetworkUse = newValue } }
  }

  /// Replace a file already at `outputURL` (otherwise the export fails and leaves it as it is).
  public var overwritesExistingFile: Bool {
    get { settings.withLock { $0.overwrite } }
    set { settings.withLock { $0.overwrite = newValue } }
  }

  /// What sound played faster or slower (`scaleTimeRange`) does to its pitch: kept (the default) or following.
  public var audioTimePitchAlgorithm: AudioTimePitch {
    get { settings.withLock { $0.timePitch } }
    set { settings.withLock { $0.timePitch = newValue } }
  }

  /// Copy the groups of pictures the composition shows unchanged, bit for bit, and encode only the rest, when
  /// the plan copies at least half the frames (`ExportPlan.smartByDefault`): a join of trimmed H.264 clips into
  /// MP4 or QuickTime then takes seconds and loses nothing where nothing changes. Off by default: every frame is
  /// encoded, as AVFoundation's presets do. `plan` says what the export did and why.
  public var allowsSmartRendering: Bool {
    get { settings.withLock { $0.smartRendering } }
    set { settings.withLock { $0.smartRendering = newValue } }
  }

  /// How the export is made (every frame, smart or GIF) and why, once `export()` has planned it; nil before,
  /// and after an export that failed before its plan (a composition the engine refuses, say).
  public var plan: ExportPlan? { decided.withLock { $0 } }

  /// 0 to 1, updated as frames are written.
  public var progress: Double { state.progress }
  /// Where the export stands: waiting, exporting, then completed, failed or cancelled.
  public var status: Status { state.status }

  /// Stops a running export (it ends with `EngineError.interrupted`, nothing written).
  public func cancelExport() { state.cancel() }

  /// The composition clipmerge's engine renders: the tracks; the video composition, each layer's transform
  /// taken from decoded pixels to the upright picture the engine starts from (or, when none is set, the first
  /// video track's upright size and frame rate with every video track upright); the audio mix; the export
  /// settings.
  public func makeComposition() throws(KitError) -> Composition {
    try makeComposition(settings.withLock { $0 })
  }

  /// The composition of one copy of the settings.
  private func makeComposition(_ settings: Settings) throws(KitError) -> Composition {
    let snapshot = composition
    let container =
      settings.outputFileType ?? settings.outputURL.flatMap { Container(pathExtension: $0.pathExtension) } ?? .mov
    var export = ExportSettings(container: container, quality: presetName.quality)
    export.optimizeForNetworkUse = settings.optimizeForNetworkUse
    export.audioTimePitch = settings.timePitch
    let known = Set(snapshot.tracks.map(\.id))
    var video: VideoComposition?
    if var given = settings.video {
      for (i, instruction) in given.instructions.enumerated() {
        for (j, layer) in instruction.layers.enumerated() {
          guard known.contains(layer.trackID) else {
            throw .unknownTrack("a layer instruction names \(layer.trackID), which the composition does not have")
          }
          // Each value by the asset showing when it takes effect (a track may hold clips turned differently).
          given.instructions[i].layers[j].transform = layer.transform.mapped(from: instruction.timeRange.start) {
            snapshot.modelTransform($0, track: layer.trackID, at: $1)
          }
        }
      }
      video = given
    } else if let first = snapshot.firstVideo {
      let layers = snapshot.tracks.filter { $0.kind == .video }.map { LayerInstruction(trackID: $0.id) }
      video = VideoComposition(
        renderSize: first.displaySize, frameDuration: first.preferredFrameDuration ?? MediaTime.ticks(1, rate: 30),
        instructions: [
          VideoCompositionInstruction(timeRange: TimeRange(start: .zero, duration: snapshot.duration), layers: layers)
        ])
      // A variable frame rate clip: its pictures at their own times, as the command line shows them.
      if first.isVariableFrameRate { video?.frameTiming = .sources }
    }
    let mix = settings.audioMix ?? AudioMix()
    if let stray = mix.parameters.first(where: { !known.contains($0.trackID) }) {
      throw .unknownTrack("audio mix parameters name \(stray.trackID), which the composition does not have")
    }
    return Composition(
      sources: snapshot.sources, tracks: snapshot.tracks, video: video, audioMix: mix, export: export)
  }

  /// Renders the composition to `outputURL`. Throws `EngineError`: `invalidComposition` naming the broken rule,
  /// `interrupted` when cancelled, the file and the problem otherwise (a `KitError` as `invalidInput`).
  /// A session exports once; a second call fails with `outputFailed` (AVFoundation's sessions are single-use too).
  public func export() async throws(EngineError) -> ExportReport {
    let state = self.state
    guard state.start() else { throw .outputFailed(path: "", reason: "this session has exported already") }
    let settings = settings.withLock { $0 }
    guard let outputURL = settings.outputURL else {
      state.update(status: .failed)
      throw .outputFailed(path: "", reason: "no outputURL set")
    }
    let model: Composition
    do { model = try makeComposition(settings) } catch {
      state.update(status: .failed)
      throw .invalidInput(path: outputURL.path, reason: error.description)
    }
    let route = OutputRoute(path: outputURL.path, container: model.export.container)
    let overwrite = settings.overwrite
    let policy = SmartPolicy(turnedOff: !settings.smartRendering, offered: settings.smartRendering)
    let result = await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Result<ExportReport, EngineError>, Never>) in
        // The render blocks (decoding, encoding): a thread of its own, not one of the cooperative pool's.
        Thread {
          continuation.resume(
            returning: Result { () throws(EngineError) -> ExportReport in
              let exporter = try Exporter(composition: model, route: route, overwrite: overwrite, smart: policy)
              self.decided.withLock { $0 = exporter.plan }
              // A smart render whose output does not decode is made in full: the plan says so after the run.
              defer { self.decided.withLock { $0 = exporter.plan } }
              return try exporter.run(
                progress: { state.update(progress: $0.fraction) }, isCancelled: { state.isCancelled })
            })
        }.start()
      }
    } onCancel: {
      state.cancel()
    }
    switch result {
    case .success(let report):
      state.update(progress: 1)
      state.update(status: .completed)
      return report
    case .failure(let error):
      if case .interrupted = error { state.update(status: .cancelled) } else { state.update(status: .failed) }
      throw error
    }
  }
}
