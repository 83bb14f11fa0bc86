import ClipMergeKit

/// `clipmerge concat CLIP... -o OUTPUT`: clips one after another, upright, fitted, in sync, with a soundtrack.
struct ConcatCommand {
  static let name = "concat"

  static let specs: [OptionSpec] =
    FrameOptions.specs + [
      OptionSpec(
        "transition", value: "KIND[,SECONDS[,EDGE]]", choices: Transition.names,
        help: "Between clips, over SECONDS (default 0.5): crossfade, fade-black, fade-white, slide-DIR (the next clip "
          + "comes in moving DIR: left, right, up, down), push-DIR (both move DIR), wipe-DIR (an edge moving DIR "
          + "uncovers the next clip; EDGE pixels soft), zoom-in (the clip grows and fades), circle-open, "
          + "circle-close (an iris opening on the next clip or closing on this one; EDGE pixels soft). Once for "
          + "every joint, or once for each joint in order."),
      OptionSpec(
        "transition-easing", value: "CURVE", choices: TransitionEasing.names,
        help: "How the transitions' pictures move: linear (default), ease-in, ease-out or ease-in-out."),
      OptionSpec("soundtrack", value: "FILE", help: "Music under the whole output (replaces the clips' sound)."),
      OptionSpec("soundtrack-volume", value: "V", help: "Soundtrack volume, 0-16 (default 1)."),
      OptionSpec("soundtrack-fade-in", value: "SECONDS", help: "Fade the soundtrack in over the first SECONDS."),
      OptionSpec("soundtrack-fade-out", value: "SECONDS", help: "Fade the soundtrack out over the last SECONDS."),
      OptionSpec(
        "soundtrack-start", value: "SECONDS",
        help: "Where in the soundtrack the output begins (default 0; a loop starts again from 0)."),
      OptionSpec(
        "ken-burns",
        help: "Every still picture zooms slowly over its time (15 %, in and out by turns, towards varying points)."),
      OptionSpec(
        "duck", value: "DB", optional: true,
        help: "Lower the soundtrack by DB (default 12) while the clips' own sound plays (implies --audio mix)."),
      OptionSpec("soundtrack-loop", help: "Repeat a soundtrack shorter than the video (default: silence after it)."),
      OptionSpec(
        "audio", value: "MODE", choices: ["soundtrack", "mix", "clips", "none"],
        help: "soundtrack (the default with one), mix (clips under it), clips (the default without), none (silent)."),
      OptionSpec(
        "image-duration", value: "SECONDS",
        help: "How long a still picture (PNG, JPEG, ...) without a #t= end shows (default 5)."),
      OptionSpec("copy", help: "Join without re-encoding; fails saying why when the clips do not allow it."),
    ] + RenderOptions.specs + TextOptions.specs + [OptionSpec("help", short: "h", help: "Show this help.")]

  static var page: HelpPage {
    HelpPage(
      overview: "Clips one after another: trimmed, upright, fitted into one frame, in sync, with a soundtrack.",
      usage: "clipmerge concat CLIP... -o OUTPUT [options]",
      arguments: [
        (
          "CLIP",
          "A file, optionally trimmed: 'talk.mp4#t=12.5,1:40', '#t=10' (from 10 s), '#t=,20' (to 20 s);"
            + " a picture (PNG, JPEG, WebP, BMP, TIFF) too: 'card.png#t=,3' shows it for 3 s. A name that"
            + " really contains #t= is given whole after file: ('file:take#t=1.mp4')."
        ),
        (
          "@LIST",
          "The clips a list file names, one a line (# comments, paths from the list's folder), or an ffmpeg"
            + " concat list (file 'a.mp4', inpoint, outpoint); @- reads it from standard input."
        ),
      ],
      options: specs,
      notes: """
        Times are seconds (2.9) or [hh:]mm:ss[.frac]. Each clip lasts exactly its trimmed duration; a trim is exact to
        the frame and the sample. Audio is resampled to 48 kHz stereo; a clip without audio is silent for its length.
        Transition directions are what the viewer sees: wipe-left's edge and slide-left's picture move leftward, so
        the next clip comes in from the right. --transition given once is for every joint; given once for each joint
        (two for three clips), each joint has its own. --print-spec shows a transition as the ramps it is made of.
        --effect applies to every clip; a clip's own &effect=NAME[=AMOUNT] (repeatable) and &fit=MODE in its
        fragment apply to it alone, after --effect and instead of --fit ('b.mp4#t=1,3&fit=blur&effect=grayscale').

        Examples:
          clipmerge concat a.mp4 b.mp4 c.mp4 --transition wipe-left,0.8 -o out.mp4
          clipmerge concat a.mp4 b.mp4 c.mp4 --transition push-up,0.5 --transition zoom-in,1 -o out.mp4
          clipmerge concat a.mp4 b.mp4 --transition circle-open,1,24 --transition-easing ease-in-out -o out.mp4
          clipmerge concat a.mp4 'b.mp4#t=1,3' --effect grayscale --effect lut=film.cube,0.5 -o out.mp4
          clipmerge concat a.mp4 'portrait.mp4#fit=blur&effect=sepia' --size 640x360 -o out.mp4

        """)
  }

  var clips: [ClipReference]
  var output: RenderOptions
  /// Text and subtitles over the output.
  var text: TextOptions
  var copy: Bool
  var soundtrackPath: String?
  /// The clip lists read (`@LIST`): inputs as the clips are.
  var lists: [String]
  /// The recipe's settings from the options, its clips and soundtrack still empty (they are probed later).
  var settings = ConcatRecipe(clips: [])

  init(_ parsed: ParsedArguments) throws(UsageError) {
    guard !parsed.positionals.isEmpty else { throw UsageError("concat needs at least one CLIP") }
    var clips: [ClipReference] = []
    for text in try ClipList.expand(parsed.positionals) {
      guard let clip = ClipReference(parsing: text) else {
        throw UsageError("'\(text)': \(ClipReference.problem(parsing: text) ?? "not a clip")")
      }
      clips.append(clip)
    }
    self.clips = clips
    lists = ClipList.listFiles(parsed.positionals)
    output = try RenderOptions(parsed)
    text = try TextOptions(parsed)
    copy = parsed.flags.contains("copy")
    soundtrackPath = parsed.values["soundtrack"]
    let frame = try FrameOptions(parsed)
    // One --transition for every joint, or one for each joint in order.
    var transitions: [Transition] = []
    for text in parsed.lists["transition"] ?? [] {
      guard let transition = Transition(parsing: text) else {
        throw UsageError("--transition: \(Transition.problem(parsing: text))")
      }
      transitions.append(transition)
    }
    if transitions.count > 1 && transitions.count != clips.count - 1 {
      throw UsageError(
        "\(transitions.count) --transition options for \(clips.count - 1) joints: give one for all the joints or "
          + "one for each")
    }
    let transition = transitions.count == 1 ? transitions[0] : nil
    let jointTransitions = transitions.count > 1 ? transitions : []
    let easing = try parsed.value(
      "transition-easing", expected: TransitionEasing.names.joined(separator: ", "), TransitionEasing.curve(named:))
    let volume = try parsed.value(
      "soundtrack-volume", expected: "a number from 0 to 16", ValueParsers.number(in: 0...16))
    let fadeOut = try parsed.value("soundtrack-fade-out", ValueSyntax.length)
    let fadeIn = try parsed.value("soundtrack-fade-in", ValueSyntax.length)
    let musicStart = try parsed.value("soundtrack-start", ValueSyntax.length)
    let loop = parsed.flags.contains("soundtrack-loop")
    let duck = try Self.ducking(parsed)
    let imageDuration = try parsed.value("image-duration", expected: ValueSyntax.length.expected + ", at most a day") {
      ValueSyntax.length.parse($0).flatMap { $0 <= MediaTime(seconds: 86_400) ? $0 : nil }
    }
    let audio = try parsed.value("audio", expected: "soundtrack, mix, clips or none") { text in
      text == "replace" ? .soundtrack : ConcatAudio(rawValue: text)
    }
    if soundtrackPath == nil && (volume != nil || fadeOut != nil || fadeIn != nil || musicStart != nil || loop) {
      throw UsageError(
        "--soundtrack-volume, --soundtrack-fade-in, --soundtrack-fade-out, --soundtrack-start and --soundtrack-loop "
          + "need --soundtrack")
    }
    if duck != nil {
      guard soundtrackPath != nil else { throw UsageError("--duck lowers the soundtrack: it needs --soundtrack") }
      if let audio, audio != .mix {
        throw UsageError(
          "--duck lowers the soundtrack under the clips' own sound: it needs --audio mix (its default), not --audio "
            + audio.rawValue)
      }
    }
    if copy {
      let asked: [(Bool, String)] = [
        (frame.size != nil, "--size"), (frame.frameDuration != nil, "--fps"), (frame.fit != nil, "--fit"),
        (frame.anchor != nil, "--anchor"),
        (frame.volume != nil, "--volume"), (frame.background != nil, "--background"),
        (!frame.effects.isEmpty, "--effect"),
        (transitions.contains { $0 != .none }, "--transition"), (soundtrackPath != nil, "--soundtrack"),
        (output.overrides.loudness != nil, "--loudness"),
        (clips.contains { !$0.rate.isNormal }, "&speed="), (clips.contains { $0.freeze != nil }, "freeze="),
        (clips.contains { $0.zoom != nil }, "zoom="), (parsed.flags.contains("ken-burns"), "--ken-burns"),
        (clips.contains { $0.fit != nil }, "fit="), (clips.contains { !$0.effects.isEmpty }, "effect="),
        (parsed.values["crf"] != nil, "--crf"), (parsed.values["preset"] != nil, "--preset"),
        (!text.titles.isEmpty, "--text"), (text.subtitles != nil, "--subtitles"),
      ]
      if let (_, option) = asked.first(where: { $0.0 }) {
        throw UsageError("--copy joins without re-encoding, so \(option) cannot apply")
      }
    }
    settings.renderSize = frame.size
    settings.frameDuration = frame.frameDuration
    if let background = frame.background { settings.background = background }
    if let fit = frame.fit { settings.fit = fit }
    if let anchor = frame.anchor { settings.anchor = anchor }
    if let volume = frame.volume { settings.clipVolume = volume }
    settings.effects = frame.effects
    if let transition { settings.transition = transition }
    settings.jointTransitions = jointTransitions
    if let easing { settings.transitionEasing = easing }
    if let volume { settings.soundtrackVolume = volume }
    if let fadeOut { settings.soundtrackFadeOut = fadeOut }
    if let fadeIn { settings.soundtrackFadeIn = fadeIn }
    if let musicStart { settings.soundtrackStart = musicStart }
    settings.soundtrackLoop = loop
    settings.soundtrackDucking = duck
    settings.kenBurns = parsed.flags.contains("ken-burns")
    if let imageDuration { settings.imageDuration = imageDuration }
    settings.audio = audio
    settings.export = output.export
  }

  /// `--duck` (12 dB) or `--duck DB`, 1 to 40.
  private static func ducking(_ parsed: ParsedArguments) throws(UsageError) -> Ducking? {
    guard parsed.flags.contains("duck") else { return nil }
    let range = Ducking.depthRange
    let depth = try parsed.value(
      "duck", expected: "a depth in dB from \(Int(range.lowerBound)) to \(Int(range.upperBound)), such as 12",
      ValueParsers.number(in: range))
    return Ducking(depth: depth ?? Ducking.defaultDepth)
  }

  /// Probes every clip (and the soundtrack) and builds the composition.
  func makeRecipe() throws(CommandFailure) -> ConcatRecipe {
    var probed: [String: MediaInfo] = [:]
    var recipeClips: [ConcatRecipe.Clip] = []
    var cards: [(index: Int, color: Color)] = []
    for (index, original) in clips.enumerated() {
      var clip = original
      if let color = try ColorCardClip.color(of: clip.path) {
        cards.append((recipeClips.count, color))
        recipeClips.append(
          ConcatRecipe.Clip(
            source: Source(
              id: SourceID(index), path: clip.path, info: .drawn(size: PixelSize(width: 2, height: 2)),
              drawing: .color(color)),
            clip))
        continue
      }
      clip.path = try StdinSpool.resolve(clip.path)
      let info: MediaInfo
      if let known = probed[clip.path] {
        info = known
      } else {
        info = try RenderRunner.probe(clip.path)
        probed[clip.path] = info
      }
      recipeClips.append(ConcatRecipe.Clip(source: Source(id: SourceID(index), path: clip.path, info: info), clip))
    }
    // A card is as large as the frame: --size, else the first clip's upright size, else 1920x1080.
    let frame =
      settings.renderSize ?? recipeClips.lazy.filter { $0.source.drawing == nil }.compactMap(\.source.info.video)
      .first?.displaySize ?? PixelSize(width: 1920, height: 1080)
    for card in cards { recipeClips[card.index].source.info = .drawn(size: frame) }
    var recipe = settings
    recipe.clips = recipeClips
    if let original = soundtrackPath {
      let soundtrackPath = try StdinSpool.resolve(original)
      let info = try RenderRunner.probe(soundtrackPath)
      guard info.audio != nil else { throw CommandFailure("\(soundtrackPath): no audio stream", code: .dataError) }
      recipe.soundtrack = Source(id: SourceID(clips.count), path: soundtrackPath, info: info)
    }
    return recipe
  }

  func run(console: Console) throws(CommandFailure) {
    var runner = RenderRunner(console: console, output: output, text: text)
    runner.readFiles = lists
    if copy {
      // `--no-smart` keeps the refusal.
      runner.copyNeedsSmart = output.noSmart ? nil : try runner.copyBlockedByHiddenPictures(clips)
      if runner.copyNeedsSmart == nil {
        try runner.streamCopy(clips)
        return
      }
    }
    let recipe = try makeRecipe()
    if clips.count == 1 && recipe.transition != .none && !output.quiet {
      console.warning("--transition has no effect: a transition joins two clips, and there is one")
    }
    let composition: Composition
    do { composition = try recipe.makeComposition() } catch {
      throw CommandFailure(error.description, code: .dataError)
    }
    // The cheap conditions first: the copy check opens every clip again. A text or subtitles on top, effects,
    // a soundtrack, transitions or a new frame size or rate all need the pictures re-encoded.
    let plainJoin =
      clips.count > 1 && recipe.soundtrack == nil && text.isEmpty && recipe.effects.isEmpty
      && (0..<clips.count - 1).allSatisfy({ recipe.transition(at: $0) == .none })
      && recipe.renderSize == nil && recipe.frameDuration == nil && output.overrides.loudness == nil
      && clips.allSatisfy(\.playsAsRecorded)
    // Clips --copy can join are rendered whole unless asked otherwise, with or without -q (only the note is
    // quiet); any other join or trim may be smart. The exporter's plan decides and says why.
    runner.joinableByCopy =
      !output.printSpec && plainJoin
      && StreamCopyJoiner.incompatibility(
        recipe.clips.map(\.source.path), trims: clips.map(\.isTrimmed), output: (try? output.route())?.container ?? .mov
      ) == nil
    runner.offersSmart = !output.printSpec && (clips.count > 1 || clips.contains(where: \.isTrimmed))
    try runner.render(composition)
  }
}
