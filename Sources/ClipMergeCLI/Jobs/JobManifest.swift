import Composition
import Engine
import Foundation

/// What `clipmerge plan` writes into a job folder (`manifest.json`) and `segment` and `join` check: the spec,
/// the segment boundaries in output frames, and the inputs as they were (size and modification time), so a
/// segment made from a changed input is never joined.
struct JobManifest: Codable {
  struct Input: Codable, Equatable {
    var path: String
    var size: Int64
    var modified: Double
  }

  struct SegmentEntry: Codable {
    var index: Int
    var firstFrame: Int64
    var endFrame: Int64
    var path: String
  }

  var version = 1
  /// The spec every segment renders a part of (absolute paths).
  var spec: String
  var frameCount: Int64
  var frameDuration: String
  var segments: [SegmentEntry]
  /// The file the audio job renders (the whole timeline's audio, once); nil when the output has no audio.
  var audio: String?
  var inputs: [Input]

  static func path(in folder: String) -> String { folder + "/manifest.json" }

  /// The lines of jobs.txt: one command a segment, then the audio's.
  func jobs(folder: String) -> [String] {
    let dir = PlanCommand.quoted(folder)
    return segments.map { "clipmerge segment \(dir) \($0.index)" }
      + (audio == nil ? [] : ["clipmerge segment \(dir) \(SegmentCommand.audioPart)"])
  }

  static func read(folder: String) throws(CommandFailure) -> JobManifest {
    let path = Self.path(in: folder)
    guard let data = FileManager.default.contents(atPath: path) else {
      throw CommandFailure(
        "\(folder): not a job folder (no manifest.json); make one with clipmerge plan", code: .noInput)
    }
    do { return try JSONDecoder().decode(JobManifest.self, from: data) } catch {
      throw CommandFailure("\(path): not a manifest clipmerge wrote (\(error.localizedDescription))", code: .dataError)
    }
  }

  func write(folder: String) throws(CommandFailure) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    do { try encoder.encode(self).write(to: URL(fileURLWithPath: Self.path(in: folder))) } catch {
      throw CommandFailure("\(folder): cannot write the manifest (\(error.localizedDescription))", code: .cannotCreate)
    }
  }

  /// An input file's size and modification time now; nil when it cannot be read.
  static func input(_ path: String) -> Input? {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
      let size = (attributes[.size] as? NSNumber)?.int64Value, let date = attributes[.modificationDate] as? Date
    else { return nil }
    return Input(path: path, size: size, modified: date.timeIntervalSince1970)
  }

  /// One line per input that is gone or has changed since the plan.
  func changedInputs() -> [String] {
    inputs.compactMap { planned in
      guard let now = Self.input(planned.path) else { return "\(planned.path): the input is gone since the plan" }
      return now == planned ? nil : "\(planned.path): the input has changed since the plan; plan again"
    }
  }

  /// The composition the job renders, read and checked as `compose` reads a spec.
  func composition() throws(CommandFailure) -> Composition {
    if let problem = changedInputs().first { throw CommandFailure(problem, code: .dataError) }
    return try ComposeCommand.load(spec).1
  }
}
