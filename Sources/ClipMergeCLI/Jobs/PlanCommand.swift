import ClipMergeKit
import Foundation

/// `clipmerge plan SPEC --segments N JOBDIR`: a render cut into segments that any runner of commands can
/// render (GNU parallel, xargs -P, a Slurm job array, a Kubernetes Indexed Job), then `clipmerge join`.
struct PlanCommand {
  static let name = "plan"

  static let specs: [OptionSpec] = [
    OptionSpec("segments", value: "N", help: "Cut the output into N segments of about equal length."),
    OptionSpec("segment-seconds", value: "S", help: "Cut the output every S seconds instead."),
    OptionSpec(
      "threads", value: "N",
      help:
        "Encoder threads of each job (cores per job: 1 when running as many jobs at once as there are cores); "
        + "the CPUs each Slurm task and Kubernetes pod asks for (default 2)."),
    OptionSpec("slurm-partition", value: "NAME", help: "The Slurm partition (queue) slurm.sh and join.sh ask for."),
    OptionSpec("slurm-account", value: "NAME", help: "The Slurm account they are charged to."),
    OptionSpec("slurm-time", value: "LIMIT", help: "Their time limit, in sbatch's form (30, 1:00:00, 2-00:00:00)."),
    OptionSpec("help", short: "h", help: "Show this help."),
  ]

  static var page: HelpPage {
    HelpPage(
      overview: "Cut a render into segments to run anywhere; join them with clipmerge join.",
      usage: """
        clipmerge plan SPEC (--segments N | --segment-seconds S) JOBDIR
               clipmerge plan (--segments N | --segment-seconds S) JOBDIR -- overlay|concat ARGUMENTS
        """,
      arguments: [
        ("SPEC", "A composition spec, or - for standard input."),
        ("-- overlay ...", "The arguments of an overlay or concat command instead of a spec (as its --print-spec)."),
        (
          "JOBDIR",
          "A folder for the job: manifest.json, spec.json, jobs.txt, run.sh, slurm.sh, join.sh, submit.sh, "
            + "k8s-job.yaml, k8s-join.yaml, segments/."
        ),
      ],
      options: specs,
      notes: """
        Each line of jobs.txt renders one segment (clipmerge segment JOBDIR K), the last one the audio of the
        whole timeline (clipmerge segment JOBDIR audio); run them with parallel < JOBDIR/jobs.txt, xargs -P,
        sbatch JOBDIR/slurm.sh or the Kubernetes Indexed Job in k8s-job.yaml (fill in the image and the volume),
        then join. The job folder has the join step for each: sh JOBDIR/run.sh OUTPUT (GNU parallel, then the
        join), sh JOBDIR/submit.sh OUTPUT (the Slurm array and join.sh after it), k8s-join.yaml. Segments start
        with an IDR picture and end with a closed group; every machine needs the inputs at the same paths
        (byte-identical copies will do: an input is known by its content, not its modification time).

        Example:
          clipmerge plan --segments 4 job -- overlay main.mp4 pip.mp4 --fade-in 2,1
          parallel < job/jobs.txt && clipmerge join job -o out.mp4


        """)
  }

  static let acceptsRecipe = true

  var specPath: String?
  var recipe: [String]?
  var folder: String
  var count: Int?
  var seconds: MediaTime?
  var threads: Int?
  var slurm = JobScripts.SlurmOptions()

  init(_ parsed: ParsedArguments) throws(UsageError) {
    recipe = parsed.recipe
    let wanted = recipe == nil ? 2 : 1
    guard parsed.positionals.count == wanted else {
      throw UsageError(
        recipe == nil
          ? "plan takes a SPEC and a JOBDIR (or a JOBDIR and -- overlay|concat ...); got "
            + "\(parsed.positionals.count) arguments"
          : "plan takes a JOBDIR before -- \(recipe?.first ?? ""); got \(parsed.positionals.count) arguments")
    }
    specPath = recipe == nil ? parsed.positionals[0] : nil
    folder = parsed.positionals[wanted - 1]
    count = try parsed.value("segments", expected: "a whole number from 1 to 10000") {
      Int($0).flatMap { (1...10_000).contains($0) ? $0 : nil }
    }
    seconds = try parsed.value("segment-seconds", ValueSyntax.length)
    threads = try RenderOptions.threads(parsed)
    let word = { (text: String) -> String? in
      text.unicodeScalars.allSatisfy {
        CharacterSet.alphanumerics.contains($0) && $0.isASCII || "_.:,+-".unicodeScalars.contains($0)
      } && !text.isEmpty ? text : nil
    }
    let expected = "letters, digits and _.:,+- only"
    slurm.partition = try parsed.value("slurm-partition", expected: expected, word)
    slurm.account = try parsed.value("slurm-account", expected: expected, word)
    slurm.time = try parsed.value("slurm-time", expected: expected, word)
    guard (count == nil) != (seconds == nil) else {
      throw UsageError("plan needs one of --segments or --segment-seconds")
    }
  }

  func run(console: Console) throws(CommandFailure) {
    var composition: Composition
    if let specPath {
      composition = try ComposeCommand.load(specPath).1
    } else {
      composition = try RecipeSpec.load(recipe ?? [], console: console).1
    }
    // Segments are cut at frames of one grid: a variable-rate clip's pictures are placed on it.
    composition.video?.frameTiming = .constant
    guard let video = composition.video else {
      throw CommandFailure("\(specPath ?? "the composition"): it has no video to cut", code: .dataError)
    }
    do { try composition.validate() } catch { throw CommandFailure(EngineError.invalidComposition(error)) }
    let frames = video.frameCount(covering: composition.duration)
    let even = Self.boundaries(
      frames: frames, count: count,
      every: seconds.map { $0.count(of: video.frameDuration, rounding: .toNearestOrAwayFromZero) })
    var keyframes: [String: [MediaTime]] = [:]
    for source in composition.sources where source.drawing == nil && source.info.video != nil {
      keyframes[source.path] = keyframes[source.path] ?? SyncSampleIndex.times(of: source.path)
    }
    let bounds = SegmentCuts(composition: composition, video: video, keyframes: keyframes).snapped(even)
    let root = URL(fileURLWithPath: folder).standardizedFileURL.path
    // The job folder holds only what the plan and its segments write: an input in it (an earlier plan's segment)
    // would be written over by the very job that reads it.
    let inside = RenderRunner.resolved(root + "/x").dropLast(2) + "/"
    for input in composition.inputFiles where RenderRunner.resolved(input).hasPrefix(inside) {
      throw CommandFailure(
        "\(input): the input is inside the job folder \(folder), whose files the job writes; move it out first",
        code: .cannotCreate)
    }
    try Self.prepare(folder: folder, root: root)
    let spec = root + "/spec.json"
    let data = SpecEncoder.encode(composition, workingDirectory: FileManager.default.currentDirectoryPath)
    try Self.write(spec, data)
    let segments = zip(bounds, bounds.dropFirst()).enumerated().map { k, range in
      JobManifest.SegmentEntry(
        index: k, firstFrame: range.0, endFrame: range.1, path: JobManifest.segmentPath(root: root, index: k))
    }
    let inputs = Set(composition.inputFiles.filter { !$0.isEmpty }).sorted().compactMap(JobManifest.input)
    let audio = SegmentRenderer.audioContainer(for: composition.export).fileExtension
    var manifest = JobManifest(
      plan: "", spec: spec, frameCount: frames,
      frameDuration: "\(video.frameDuration.value)/\(video.frameDuration.timescale)",
      segments: segments, audio: composition.hasAudio ? root + "/segments/audio." + audio : nil, inputs: inputs)
    manifest.plan = manifest.identity(spec: data)
    try manifest.write(folder: root)
    let jobs = manifest.jobs(folder: root).map { line in threads.map { line + " --threads \($0)" } ?? line }
    try Self.write(root + "/jobs.txt", Data(jobs.map { $0 + "\n" }.joined().utf8))
    // The CPUs a job asks for, and the threads its memory is reckoned for: `--threads`, else 2.
    let cpus = threads ?? 2
    let scripts = JobScripts(
      folder: root, count: jobs.count, plan: manifest.plan, cpus: cpus,
      memory: SegmentMemory(composition: composition, video: video, threads: cpus).mebibytes, slurm: slurm,
      mountPath: JobScripts.commonFolder(
        [root] + inputs.map { URL(fileURLWithPath: $0.path).standardizedFileURL.deletingLastPathComponent().path }))
    for file in scripts.files { try Self.write(root + "/" + file.name, Data(file.text.utf8)) }
    console.out(
      "\(root): \(segments.count) segments of \(frames) frames\(manifest.audio == nil ? "" : " and the audio"); "
        + "run the lines of jobs.txt anywhere, then clipmerge join \(Self.quoted(root)) -o OUTPUT "
        + "(or both: sh \(Self.quoted(root + "/run.sh")) OUTPUT)\n")
  }

  /// Frame numbers where segments start, and the end: `count` segments of about equal length, or one every
  /// `every` frames.
  static func boundaries(frames: Int64, count: Int?, every: Int64?) -> [Int64] {
    if let every, every > 0 {
      var starts: [Int64] = Array(stride(from: Int64(0), to: frames, by: Int64.Stride(every)))
      starts.append(frames)
      return starts
    }
    let n = Int64(min(max(count ?? 1, 1), Int(max(frames, 1))))
    var starts: [Int64] = []
    for k in 0...n where starts.last != (frames * k + n / 2) / n { starts.append((frames * k + n / 2) / n) }
    return starts
  }

  static func quoted(_ path: String) -> String { "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'" }

  /// Writes a file of the job folder (replacing the earlier plan's, never following a symlink).
  static func write(_ path: String, _ data: Data) throws(CommandFailure) {
    do { try AtomicFile.write(data, to: path, overwrite: true) } catch { throw CommandFailure(error) }
  }

  /// Makes `root` a job folder with its `segments` folder. Refuses a name with a line break (Unicode's line and
  /// paragraph separators too) or another control or format character (it would split the job files' lines), a folder that holds files but is not a job folder (the
  /// plan would replace them), and a `segments` that is not a folder of its own (a symlink).
  static func prepare(folder: String, root: String) throws(CommandFailure) {
    let breaking: Set<Unicode.GeneralCategory> = [.control, .format, .lineSeparator, .paragraphSeparator]
    if root.unicodeScalars.contains(where: { breaking.contains($0.properties.generalCategory) }) {
      throw CommandFailure(
        "\(folder.debugDescription): a job folder's name cannot hold a line break or control character",
        code: .usage)
    }
    let fm = FileManager.default
    if let names = try? fm.contentsOfDirectory(atPath: root), !names.isEmpty, !JobManifest.isJobFolder(root) {
      throw CommandFailure(
        "\(folder): the folder holds files and is not a job folder; plan into a new or empty folder",
        code: .cannotCreate)
    }
    do {
      try fm.createDirectory(atPath: root + "/segments", withIntermediateDirectories: true)
    } catch {
      throw CommandFailure(
        "\(folder): cannot create the job folder (\(error.localizedDescription))", code: .cannotCreate)
    }
    var info = stat()
    guard lstat(root + "/segments", &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
      throw CommandFailure(
        "\(folder): its segments is not a folder of the job folder (a symlink?)", code: .cannotCreate)
    }
  }
}
