internal import CFFmpeg
import Composition
import Foundation

/// Renders and encodes a smart render's re-encoded runs on threads of their own, several at once, while the
/// writer copies the groups between them. Each run has its own renderer (its readers open where the run starts)
/// and its own encoder (its first picture IDR), so runs do not wait for one another; each run's samples wait in a
/// queue of their own until the writer reaches that run, so the output's order is the plan's.
///
/// The CPUs are shared: one worker a CPU, at most one a run and `maxWorkers` in all; each encoder gets the CPUs
/// divided by the workers, and at least two threads, so a long run is not left to one thread beside short ones
/// that end early (the kernel shares the cores while several encode; measured in docs/benchmark.md, "Smart
/// render among its peers"). A worker starts a run at most `workers` runs ahead of the one the writer reads, and
/// stops encoding while that run's queue holds its share of `budget` bytes, so what waits in memory stays
/// bounded whatever the number of CPUs. The first worker to fail stops the others, and the writer hears of it
/// at once.
final class SmartRunEncoders: @unchecked Sendable {
  /// An encoded picture as an MP4 sample at its output time (stream index still to set), and its output frame.
  struct Sample {
    var frame: Int64
    var packet: Packet
  }

  /// What every run's renderer and encoder are made from.
  struct Job {
    var composition: Composition
    var video: VideoComposition
    var settings: SmartEncoder.Settings
    /// The encoder's parameter sets as the output's record lists them: every run's encoder must use them.
    var parameterSets: [[UInt8]]
    /// How the encoder's pictures become the output's samples.
    var record: SmartRecord
    /// Where the re-encoded frames come from.
    var pictures: Pictures
    var tables: CubeTables
    var damage: DamageLog
    /// The output stream's time base and the decode delay every sample keeps, in its ticks.
    var timeBase: AVRational
    var delay: Int64
  }

  /// Where a smart render's re-encoded frames come from: a frame that is one of `sources`' pictures shown alone
  /// is that picture as it is (`SourceFrames`: 10-bit and HDR clips keep their bit depth and colours); any other
  /// frame is composed, as the full render would, at 8 bits, or with `hdr` at 10 bits in that transfer. The
  /// output stores its pictures in `orientation` (the copied clips' display matrix): composed frames, upright,
  /// are turned into it.
  struct Pictures {
    var sources: Set<SourceID>
    var hdr: ToneMapper.Transfer?
    var orientation = Orientation.upright
  }

  private struct RunState {
    /// Read up to `head`; a read sample's slot is emptied at once, so its memory goes.
    var samples: [Sample?] = []
    var head = 0
    /// The queued samples' payloads and what each costs besides (`sampleOverhead`).
    var bytes = 0
    var finished = false
  }

  /// Runs encoded at once at most, whatever the CPUs: each holds an encoder with its look-ahead and a renderer.
  static let maxWorkers = 4
  /// What a queued sample costs besides its payload (the packet, its buffer's padding, the queue's slot).
  private static let sampleOverhead = 512

  private let job: Job
  private let runs: [Range<Int64>]
  private let workers: Int
  /// The encoder's threads for each run.
  private let threads: Int
  /// The bytes one run's queue may hold.
  private let capacity: Int
  // Everything below is guarded by `condition`.
  private let condition = NSCondition()
  private var states: [RunState]
  /// The next run a worker starts, the run the writer reads, workers not yet ended, whether to stop, and the
  /// first worker's failure.
  private var nextRun = 0
  private var reading = 0
  private var running = 0
  private var stopping = false
  private var failure: EngineError?

  /// Starts the workers on `runs` (output frames, in output order). `cpus`: the CPUs the render may use;
  /// `budget`: the bytes of encoded samples that may wait for the writer, all runs together.
  init(runs: [Range<Int64>], job: Job, cpus: Int, budget: Int = 256 << 20) {
    self.job = job
    self.runs = runs
    let cpus = max(1, cpus)
    workers = min(cpus, runs.count, Self.maxWorkers)
    threads = min(cpus, max(2, (cpus + max(1, workers) - 1) / max(1, workers)))
    capacity = max(1, budget / (workers + 1))
    states = Array(repeating: RunState(), count: runs.count)
    running = workers
    for number in 0..<workers {
      let thread = Thread { [self] in work() }
      thread.name = "clipmerge smart run \(number)"
      thread.start()
    }
  }

  /// The next sample of run `run` (runs are read in order, each to its end); nil at the run's end. Asks
  /// `isCancelled` on every call and at least every 50 ms while it waits for a worker; throws a worker's
  /// failure, whichever run it met it in, as soon as it is known.
  func next(run: Int, isCancelled: () -> Bool, interruption: EngineError) throws(EngineError) -> Sample? {
    if isCancelled() { throw interruption }
    condition.lock()
    defer { condition.unlock() }
    if reading != run {
      reading = run
      condition.broadcast()
    }
    while true {
      if let failure { throw failure }
      let head = states[run].head
      if head < states[run].samples.count, let sample = states[run].samples[head] {
        states[run].samples[head] = nil
        states[run].head += 1
        states[run].bytes -= Int(sample.packet.pointer.pointee.size) + Self.sampleOverhead
        if states[run].head == states[run].samples.count {
          states[run].samples.removeAll(keepingCapacity: true)
          states[run].head = 0
        }
        condition.broadcast()
        return sample
      }
      if states[run].finished {
        states[run] = RunState()
        return nil
      }
      _ = condition.wait(until: Date(timeIntervalSinceNow: 0.05))
      // Asked without the lock (it may take its time); the queue is looked at again before the next wait.
      condition.unlock()
      let cancelled = isCancelled()
      condition.lock()
      if cancelled { throw interruption }
    }
  }

  /// Stops the workers and waits until each has closed its renderer and encoder.
  func stop() {
    condition.lock()
    stopping = true
    condition.broadcast()
    while running > 0 { condition.wait() }
    condition.unlock()
  }

  private func work() {
    while let run = claim() {
      var failed: EngineError?
      do throws(EngineError) {
        try encode(run)
      } catch {
        failed = error
      }
      condition.lock()
      states[run].finished = true
      // A worker stopped by the writer throws too; that is no failure.
      if let failed, !stopping, failure == nil { failure = failed }
      condition.broadcast()
      condition.unlock()
    }
    condition.lock()
    running -= 1
    condition.broadcast()
    condition.unlock()
  }

  private var isStopping: Bool {
    condition.lock()
    defer { condition.unlock() }
    return stopping || failure != nil
  }

  /// The next run to encode; nil when there is none, the writer stopped or a worker failed.
  private func claim() -> Int? {
    condition.lock()
    defer { condition.unlock() }
    while !stopping && failure == nil && nextRun < runs.count && nextRun > reading + workers { condition.wait() }
    guard !stopping, failure == nil, nextRun < runs.count else { return nil }
    nextRun += 1
    return nextRun - 1
  }

  /// Renders output frames `runs[run]` as the full render would (or takes the sources' pictures as they are)
  /// and encodes them, starting with an IDR picture.
  private func encode(_ run: Int) throws(EngineError) {
    let renderer = VideoRenderer(
      composition: job.composition, video: job.video, matrix: ColorMatrix.guess(height: job.video.renderSize.height),
      damage: job.damage, tables: job.tables, hdr: job.pictures.hdr)
    let pictures = SourceFrames(composition: job.composition, video: job.video, damage: job.damage)
    let encoder: SmartEncoder
    let rendered: Frame
    do {
      encoder = try SmartEncoder(settings: job.settings, threads: threads, globalHeader: true)
      rendered = try renderer.makeFrame()
    } catch { throw .internalFailure(.encoding, "cannot start the encoder: \(error)") }
    let turn =
      job.pictures.orientation == .upright
      ? nil
      : try FrameTurn(
        orientation: job.pictures.orientation, width: Int(job.settings.width), height: Int(job.settings.height),
        format: rendered.pixelFormat)
    guard encoder.parameterSets == job.parameterSets else {
      throw .internalFailure(.encoding, "the encoder's parameter sets differ from the ones the output lists")
    }
    for n in runs[run] {
      if isStopping { throw .interrupted }
      let frame: Frame
      if !job.pictures.sources.isEmpty,
        SourceFrames.cover(
          n..<n + 1, composition: job.composition, video: job.video, from: job.pictures.sources,
          stored: job.pictures.orientation)
      {
        frame = try pictures.frame(n)
      } else {
        do { try rendered.makeWritable() } catch { throw .internalFailure(.encoding, "\(error)") }
        try renderer.render(at: job.video.time(ofFrame: n), into: rendered)
        frame = try turn?.turn(rendered) ?? rendered
      }
      frame.pointer.pointee.pts = n
      try encoder.encode(frame) { packet throws(EngineError) in try self.push(packet, run: run) }
    }
    try encoder.encode(nil) { packet throws(EngineError) in try self.push(packet, run: run) }
  }

  /// Queues an encoded packet (frame-numbered, Annex B) as an MP4 sample; waits while the run's queue is full.
  private func push(_ encoded: Packet, run: Int) throws(EngineError) {
    let p = encoded.pointer
    let pts = Timestamp.ticks(job.video.time(ofFrame: p.pointee.pts), job.timeBase)
    guard
      let bytes = job.record.sample(
        annexB: Array(UnsafeBufferPointer(start: p.pointee.data, count: Int(p.pointee.size))),
        keyframe: p.pointee.flags & AV_PKT_FLAG_KEY != 0)
    else {
      throw .internalFailure(
        .encoding, "the parameter set ids of x265's picture for output frame \(p.pointee.pts) cannot be rewritten")
    }
    let sample: Packet
    do { sample = try Packet(bytes: bytes) } catch { throw .internalFailure(.encoding, "\(error)") }
    sample.pointer.pointee.pts = pts
    sample.pointer.pointee.dts = pts - job.delay
    sample.pointer.pointee.duration = Timestamp.ticks(job.video.frameDuration, job.timeBase)
    sample.pointer.pointee.flags = p.pointee.flags & AV_PKT_FLAG_KEY
    condition.lock()
    defer { condition.unlock() }
    while states[run].bytes >= capacity && !stopping && failure == nil { condition.wait() }
    if stopping || failure != nil { throw .interrupted }
    states[run].samples.append(Sample(frame: p.pointee.pts, packet: sample))
    states[run].bytes += Int(sample.pointer.pointee.size) + Self.sampleOverhead
    condition.broadcast()
  }
}
