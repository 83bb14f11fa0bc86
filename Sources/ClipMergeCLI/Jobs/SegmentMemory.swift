import ClipMergeKit

/// The memory a segment job asks its cluster for, from the peak resident sizes of segments measured with
/// `/usr/bin/time -f %M` (docs/benchmark.md, "Memory of a segment"): about 70 MiB; for each megapixel of the
/// frame, 20 MiB at the presets without lookahead (ultrafast, superfast), else 60 MiB and 3.5 MiB for each
/// frame of x264's lookahead at the preset (10 at veryfast, 40 at medium, 60 at veryslow); 25 MiB a megapixel
/// for each thread past two; 20 MiB for each megapixel of the sources drawn at once (their decoders' pictures).
/// It asks a quarter more, in whole 64 MiB.
struct SegmentMemory {
  var renderSize: PixelSize
  /// The encoder threads a job runs (`plan --threads`; without it, 2: the CPUs the job asks for, though x264
  /// left to itself runs 1.5 threads a core it sees).
  var threads: Int
  /// x264's preset name.
  var preset: String
  /// Width × height of the video sources drawn at the same time (the largest ones, as many as an instruction
  /// has layers).
  var sourcePixels: [Int]

  /// The frames of lookahead (rc-lookahead) of each of x264's presets.
  static let lookahead = [
    "ultrafast": 0, "superfast": 0, "veryfast": 10, "faster": 20, "fast": 30, "medium": 40, "slow": 50,
    "slower": 60, "veryslow": 60, "placebo": 60,
  ]

  init(composition: Composition, video: VideoComposition, threads: Int) {
    renderSize = video.renderSize
    self.threads = threads
    preset = composition.export.effectivePreset
    let layers = video.instructions.map(\.layers.count).max() ?? 1
    sourcePixels = Array(
      composition.sources.compactMap { $0.info.video.map { $0.width * $0.height } }.sorted(by: >).prefix(layers))
  }

  var mebibytes: Int {
    let frame = Double(renderSize.width * renderSize.height) / 1_000_000
    let sources = Double(sourcePixels.reduce(0, +)) / 1_000_000
    let frames = Double(Self.lookahead[preset] ?? 40)
    let encoder = frames == 0 ? 20 * frame : (60 + 3.5 * frames) * frame
    let peak = 70 + encoder + 25 * frame * Double(max(threads - 2, 0)) + 20 * sources
    return Int((peak * 1.25 / 64).rounded(.up)) * 64
  }
}
