import ClipMergeKit
import Foundation

/// What `clipmerge plan` writes into a job folder (`manifest.json`) and `segment` and `join` check: the plan's
/// identity, the segment boundaries in output frames, and the inputs as they were (their content's fingerprint,
/// not their modification time: a byte-identical copy on another machine is the same input), so a segment made
/// from a changed input or for an earlier plan is never joined. Every path a job uses
/// is derived from the folder (`spec.json`, `segments/NNN.mp4`, `segments/audio.EXT`), never read from the
/// manifest, so a tampered manifest cannot make `segment` write or `join` read outside the folder.
struct JobManifest: Codable {
  struct Input: Codable, Equatable {
    var path: String
    var content: ContentFingerprint
  }

  struct SegmentEntry: Codable {
    var index: Int
    var firstFrame: Int64
    var endFrame: Int64
    var path: String
  }

  var version = 3
  /// The plan's identity: a hash of the spec and the inputs (every part is tagged with it).
  var plan: String
  /// The spec every segment renders a part of (for reading; the file used is the folder's spec.json).
  var spec: String
  var frameCount: Int64
  var frameDuration: String
  var segments: [SegmentEntry]
  /// The file the audio job renders (the whole timeline's audio, once); nil when the output has no audio.
  var audio: String?
  var inputs: [Input]
  /// The job folder, resolved (set by `read`, not stored).
  var root = ""

  private enum CodingKeys: String, CodingKey {
    case version, plan, spec, frameCount, frameDuration, segments, audio, inputs
  }

  static func path(in folder: String) -> String { folder + "/manifest.json" }

  /// The lines of jobs.txt: one command a segment, then the audio's.
  func jobs(folder: String) -> [String] {
    let dir = PlanCommand.quoted(folder)
    return segments.map { "clipmerge segment \(dir) \($0.index)" }
      + (audio == nil ? [] : ["clipmerge segment \(dir) \(SegmentCommand.audioPart)"])
  }

  /// The audio part's file extensions `SegmentRenderer.audioContainer` writes.
  static let audioExtensions = ["mov", "mkv"]

  /// Reads the folder's manifest and puts every path it names where the folder says: the spec at
  /// `folder/spec.json`, the segments in `folder/segments`. Refuses a folder whose `segments` or `spec.json`
  /// is a symlink (it could lead out of the folder) and a manifest clipmerge did not write; makes a missing
  /// `segments`.
  static func read(folder: String) throws(CommandFailure) -> JobManifest {
    let root = URL(fileURLWithPath: folder).standardizedFileURL.path
    let path = Self.path(in: root)
    guard let data = FileManager.default.contents(atPath: path) else {
      throw CommandFailure(
        "\(folder): not a job folder (no manifest.json); make one with clipmerge plan", code: .noInput)
    }
    var manifest: JobManifest
    do { manifest = try JSONDecoder().decode(JobManifest.self, from: data) } catch {
      throw CommandFailure("\(path): not a manifest clipmerge wrote (plan the job again)", code: .dataError)
    }
    guard manifest.version == 3 else {
      throw CommandFailure("\(path): planned by another version of clipmerge; plan the job again", code: .dataError)
    }
    // A folder copied without its (empty) segments folder gets one; mkdir never follows a symlink planted there.
    var info = stat()
    if lstat(root + "/segments", &info) != 0, errno == ENOENT { mkdir(root + "/segments", 0o755) }
    for (name, kind) in [("segments", S_IFDIR), ("spec.json", S_IFREG)] {
      guard lstat(root + "/" + name, &info) == 0, info.st_mode & S_IFMT == kind else {
        throw CommandFailure(
          "\(folder): its \(name) is not a \(kind == S_IFDIR ? "folder" : "file") of the job folder (a symlink "
            + "or missing); plan the job again", code: .dataError)
      }
    }
    try manifest.checkAgainstItsFiles(specData: FileManager.default.contents(atPath: root + "/spec.json"), path: path)
    manifest.spec = root + "/spec.json"
    manifest.root = root
    for k in manifest.segments.indices {
      manifest.segments[k].index = k
      manifest.segments[k].path = segmentPath(root: root, index: k)
    }
    if let audio = manifest.audio {
      let ext = URL(fileURLWithPath: audio).pathExtension
      guard audioExtensions.contains(ext) else {
        throw CommandFailure("\(path): not a manifest clipmerge wrote (plan the job again)", code: .dataError)
      }
      manifest.audio = root + "/segments/audio." + ext
    }
    return manifest
  }

  /// The manifest as `plan` wrote it for the spec it stands beside: the segments cover the frames from 0 to
  /// `frameCount` one after another, and the plan's identity, worked out again from the spec's bytes, the cut and
  /// the inputs as listed, is the one recorded. A spec edited after the plan, a segment removed or a range
  /// stretched (which made `segment` run on for a billion frames) is refused: the job is planned again.
  func checkAgainstItsFiles(specData: Data?, path: String) throws(CommandFailure) {
    var next: Int64 = 0
    for segment in segments {
      guard segment.firstFrame == next, segment.endFrame > segment.firstFrame, segment.endFrame <= frameCount else {
        throw CommandFailure(
          "\(path): its segments do not cover the output's \(frameCount) frames one after another; plan the job "
            + "again", code: .dataError)
      }
      next = segment.endFrame
    }
    guard next == frameCount, !segments.isEmpty else {
      throw CommandFailure(
        "\(path): its segments end at frame \(next) of \(frameCount); plan the job again", code: .dataError)
    }
    guard let specData, identity(spec: specData) == plan else {
      throw CommandFailure(
        "\(path): the job's files are not the ones planned (spec.json or manifest.json changed since the plan); plan "
          + "the job again", code: .dataError)
    }
  }

  /// Where segment `index` of the job in `root` is rendered.
  static func segmentPath(root: String, index: Int) -> String {
    root + "/segments/" + String(format: "%03d.mp4", index)
  }

  func write(folder: String) throws(CommandFailure) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(self) else {
      throw CommandFailure("\(folder): cannot write the manifest", code: .software)
    }
    do { try AtomicFile.write(data, to: Self.path(in: folder), overwrite: true) } catch {
      throw CommandFailure(error)
    }
  }

  /// The identity of this plan: FNV-1a (64 bits) of the spec's bytes, the cut (frames, rate, every segment's
  /// range, the audio part) and each input's path and content fingerprint, in hexadecimal.
  func identity(spec: Data) -> String {
    var hash = FNV1a()
    hash.feed(spec)
    hash.feed(Data("\n\(frameCount) \(frameDuration) \(audio ?? "-")".utf8))
    for segment in segments { hash.feed(Data("\n\(segment.firstFrame)-\(segment.endFrame)".utf8)) }
    for input in inputs {
      hash.feed(Data("\n\(input.path)\u{0}\(input.content.size)\u{0}\(input.content.sample)".utf8))
    }
    return hash.hex
  }

  /// Whether `root` holds a manifest this version of clipmerge wrote (a `manifest.json` of something else, a web
  /// app's, does not make a job folder).
  static func isJobFolder(_ root: String) -> Bool {
    guard let data = FileManager.default.contents(atPath: path(in: root)),
      let manifest = try? JSONDecoder().decode(JobManifest.self, from: data)
    else { return false }
    return manifest.version == 3
  }

  /// An input file's content fingerprint now; nil when it cannot be read.
  static func input(_ path: String) -> Input? {
    ContentFingerprint(path: path).map { Input(path: path, content: $0) }
  }

  /// One line per input that is gone or has changed since the plan.
  func changedInputs() -> [String] {
    inputs.compactMap { planned in
      guard let now = Self.input(planned.path) else { return "\(planned.path): the input is gone since the plan" }
      return now == planned ? nil : "\(planned.path): the input has changed since the plan; plan again"
    }
  }

  /// The composition the job renders, read and checked as `compose` reads a spec; its frames are the ones the
  /// manifest cuts (a manifest whose frame count or rate was edited, hash and all, is refused too).
  func composition() throws(CommandFailure) -> Composition {
    if let problem = changedInputs().first { throw CommandFailure(problem, code: .dataError) }
    let composition = try ComposeCommand.load(spec).1
    guard let video = composition.video,
      video.frameCount(covering: composition.duration) == frameCount,
      frameDuration == "\(video.frameDuration.value)/\(video.frameDuration.timescale)"
    else {
      throw CommandFailure(
        "\(Self.path(in: root)): its frames are not the spec's; plan the job again", code: .dataError)
    }
    return composition
  }
}
