import ClipMergeKit
import Foundation

/// `clipmerge scenes INPUT`: where a video's scenes change, found by the content of its pictures.
struct ScenesCommand {
  static let name = "scenes"

  static let specs: [OptionSpec] = [
    OptionSpec("json", help: "Print the scenes as a JSON array of {start, end, startFrame, endFrame}."),
    OptionSpec("csv", help: "Print the scenes as CSV: scene, start, end, startFrame, endFrame."),
    OptionSpec(
      "threshold", value: "N",
      help: "How much a picture must differ from the one before to begin a scene, 1 to 255 (default 27)."),
    OptionSpec("min-scene", value: "FRAMES", help: "The fewest pictures a scene has, 1 to 100000 (default 15)."),
    OptionSpec("help", short: "h", help: "Show this help."),
  ]

  static var page: HelpPage {
    HelpPage(
      overview: "Find where a video's scenes change, from its pictures' content.",
      usage: "clipmerge scenes INPUT [--json | --csv] [--threshold N] [--min-scene FRAMES]",
      arguments: [("INPUT", "A video file.")],
      options: specs,
      notes: """
        Every picture is compared with the one before in HSV at 128 pixels wide, as PySceneDetect's content
        detector does (its defaults: threshold 27, 15 frames a scene at least): a scene begins at a picture
        whose mean change over hue, saturation and value is the threshold or more. Seconds are from the file's
        start, frames count its pictures from 0; a scene's end is the next one's start (exclusive). A fade is
        one scene change or none, as the change of a single step between its pictures is.

        Examples:
          clipmerge scenes edit.mp4
          clipmerge scenes edit.mp4 --json --threshold 30

        """)
  }

  var path: String
  var format: Format
  var detector = SceneDetector()

  enum Format { case text, json, csv }

  init(_ parsed: ParsedArguments) throws(UsageError) {
    guard parsed.positionals.count == 1 else {
      throw UsageError("scenes takes one INPUT; got \(parsed.positionals.count)")
    }
    path = parsed.positionals[0]
    if parsed.flags.contains("json") && parsed.flags.contains("csv") {
      throw UsageError("--json and --csv cannot be used together")
    }
    format = parsed.flags.contains("json") ? .json : parsed.flags.contains("csv") ? .csv : .text
    if let threshold = try parsed.value(
      "threshold", expected: "a number from 1 to 255", ValueParsers.number(in: 1...255))
    {
      detector.threshold = threshold
    }
    if let frames = try parsed.value(
      "min-scene", expected: "a whole number of frames from 1 to 100000",
      { Int($0).flatMap { (1...100_000).contains($0) ? $0 : nil } })
    {
      detector.minimumFrames = frames
    }
  }

  func run(console: Console) throws(CommandFailure) {
    let scenes: [Scene]
    do { scenes = try detector.scenes(of: StdinSpool.resolve(path)) } catch {
      switch error {
      case let error as CommandFailure: throw error
      case let error as EngineError: throw CommandFailure(error)
      default: throw CommandFailure("\(path): \(error)", code: .software)
      }
    }
    console.out(Self.text(scenes, format))
  }

  /// The scenes as the format asks: seconds with millisecond precision, frames as counted.
  static func text(_ scenes: [Scene], _ format: Format) -> String {
    let seconds = { (t: MediaTime) in String(format: "%.3f", t.seconds) }
    switch format {
    case .json:
      let items = scenes.map {
        "  {\"start\": \(seconds($0.start)), \"end\": \(seconds($0.end)), \"startFrame\": \($0.startFrame), "
          + "\"endFrame\": \($0.endFrame)}"
      }
      return "[\n" + items.joined(separator: ",\n") + "\n]\n"
    case .csv:
      return "scene,start,end,startFrame,endFrame\n"
        + scenes.enumerated().map {
          "\($0.offset + 1),\(seconds($0.element.start)),\(seconds($0.element.end)),\($0.element.startFrame),"
            + "\($0.element.endFrame)\n"
        }.joined()
    case .text:
      return scenes.enumerated().map {
        "scene \($0.offset + 1): \(seconds($0.element.start))-\(seconds($0.element.end)) s, frames "
          + "\($0.element.startFrame)-\($0.element.endFrame - 1)\n"
      }.joined()
    }
  }
}
