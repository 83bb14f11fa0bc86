import Foundation

/// Reads an OpenTimelineIO timeline (`otio_json`, as OTIO 0.15–0.18 write it) into the model, with OTIO's
/// semantics: the stack's tracks composite in order, the last on top; gaps and disabled items are transparent but
/// keep their length; a clip plays its `source_range` (or its media's `available_range`), the file's time being
/// the source time less `available_range.start`; a `SMPTE_Dissolve` covers `in_offset` before its cut and
/// `out_offset` after it from both clips' handles, without changing the track's length; `LinearTimeWarp` keeps
/// the item's length and scales its source time, `FreezeFrame` holds its first picture; float rates are the
/// rationals they stand for (29.97 is 30000/1001). Every clip is fitted into the frame (the first video clip's
/// size, once probed: `SpecDocument.fitsClipsToFrame`). Problems are named at their JSON path, all at once.
public enum OTIODecoder {
  /// Whether `data` looks like an OTIO timeline: its first object names the `Timeline` schema (OTIO writes
  /// `OTIO_SCHEMA` first), where a spec has no such key.
  public static func isTimeline(_ data: Data) -> Bool {
    let head = String(decoding: data.prefix(4096), as: UTF8.self)
    guard let key = head.range(of: "\"OTIO_SCHEMA\"") else { return false }
    return head[key.upperBound...].drop { $0 == " " || $0 == ":" || $0 == "\n" || $0 == "\t" }.hasPrefix("\"Timeline.")
  }

  /// The timeline in `data` as a spec document (its sources still to probe; paths resolved against
  /// `baseDirectory`), with every problem of form found; throws when it is not a timeline at all.
  public static func decode(_ data: Data, baseDirectory: String) throws(InvalidSpec) -> SpecDocument {
    let bytes = Array(data)
    let json: Any
    do { json = try JSONParser.parse(bytes) } catch {
      let (line, column) = SpecDecoder.position(of: error.offset, in: bytes)
      throw InvalidSpec(problems: [
        SpecProblem(path: "", message: "not valid JSON: \(error.message) (line \(line), column \(column))")
      ])
    }
    var reader = OTIOReader(base: baseDirectory)
    guard var document = reader.timeline(json) else { throw InvalidSpec(problems: reader.problems) }
    // Problems of form go with what could be read, so missing files are named too, all at once.
    document.problems = reader.problems
    return document
  }
}
