import CFFmpeg
import Composition
import Foundation

/// Renders and encodes a smart render's re-encoded runs on threads of their own, several at once, while the
/// writer copies the groups between them. Each run has its own renderer (its readers open where the run starts)
/// and its own x264 (its first picture IDR), so runs do not wait for one another; each run's samples wait in a
/// queue of their own until the writer reaches that run, so the output's order is the plan's.
///
/// The CPUs are shared: one worker a CPU (at most one a run), and every encoder may use all the CPUs, so a long
/// run is not left to one thread beside short ones that end early (the kernel shares the cores while several
/// encode; measured in docs/benchmark.md, "Smart render among its peers"). A worker starts a run at most
/// `workers` runs ahead of the one the writer reads, and stops encoding while that run's queue holds `capacity`
/// bytes, so what waits in memory stays bounded.
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
    /// The parameter sets the output's `avcC` lists for x264's pictures: every run's encoder must use them.
    var configuration: AVCConfiguration
    var tables: CubeTables
    var damage: DamageLog
    /// The output stream's time base and the decode delay every sample keeps, in its ticks.
    var timeBase: AVRational
    var delay: Int64
  }

  private struct RunState {
    /// Read up to `head`; a read sample's slot is emptied at once, so its memory goes.
    var samples: [Sample?] = []
    var head = 0
    var bytes = 0
    var finished = false
    var error: EngineError?
  }

  private let job: Job
  private let runs: [Range<Int64>]
  private let cpus: Int
  private let workers: Int
  private let capacity: Int
  // Everything below is guarded by `condition`.
  private let condition = NSCondition()
  private var states: [RunState]
  /// The next run a worker starts, the run the writer reads, workers not yet ended, and whether to stop.
  private var nextRun = 0
  private var reading = 0
  private var running = 0
  private var stopping = false

  /// Starts the workers on `runs` (output frames, in output order). `cpus`: the CPUs the render may use.
  init(runs: [Range<Int64>], job: Job, cpus: Int, capacity: Int = 64 << 20) {
    self.job = job
    self.runs = runs
    self.cpus = max(1, cpus)
    self.capacity = capacity
    workers = min(max(1, cpus), runs.count)
    states = Array(repeating: RunState(), count: runs.count)
    running = workers
    for number in 0..<workers {
      let thread = Thread { [self] in work() }
      thread.name = "clipmerge smart run \(number)"
      thread.start()
    }
  }

  /// The next sample of run `run` (runs are read in order, each to its end); nil at the run's end. Waits for
  /// its worker, asking `isCancelled` at least every 50 ms.
  func next(run: Int, isCancelled: () -> Bool, interruption: EngineError) throws(EngineError) -> Sample? {
    condition.lock()
    defer { condition.unlock() }
    if reading != run {
      reading = run
      condition.broadcast()
    }
    while true {
      let head = states[run].head
      if head < states[run].samples.count, let sample = states[run].samples[head] {
        states[run].samples[head] = nil
        states[run].head += 1
        states[run].bytes -= Int(sample.packet.pointer.pointee.size)
        if states[run].head == states[run].samples.count {
          states[run].samples.removeAll(keepingCapacity: true)
          states[run].head = 0
        }
        condition.broadcast()
        return sample
      }
      if states[run].finished {
        if let error = states[run].error { throw error }
        return nil
      }
      condition.unlock()
      let cancelled = isCancelled()
      condition.lock()
      if cancelled { throw interruption }
      _ = condition.wait(until: Date(timeIntervalSinceNow: 0.05))
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
    while let (run, threads) = claim() {
      var failure: EngineError?
      do throws(EngineError) {
        try encode(run, threads: threads)
      } catch {
        failure = error
      }
      condition.lock()
      states[run].finished = true
      states[run].error = failure
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
    return stopping
  }

  /// The next run to encode and the encoder threads it gets; nil when there is none or the writer stopped.
  private func claim() -> (run: Int, threads: Int)? {
    condition.lock()
    defer { condition.unlock() }
    while !stopping && nextRun < runs.count && nextRun > reading + workers { condition.wait() }
    guard !stopping, nextRun < runs.count else { return nil }
    let run = nextRun
    nextRun += 1
    return (run, cpus)
  }

  /// Renders output frames `runs[run]` as the full render would and encodes them, starting with an IDR picture.
  private func encode(_ run: Int, threads: Int) throws(EngineError) {
    let renderer = VideoRenderer(
      composition: job.composition, video: job.video, matrix: ColorMatrix.guess(height: job.video.renderSize.height),
      damage: job.damage, tables: job.tables)
    let encoder: SmartEncoder
    let frame: Frame
    do {
      encoder = try SmartEncoder(settings: job.settings, threads: threads, globalHeader: true)
      frame = try Frame(
        width: job.video.renderSize.width, height: job.video.renderSize.height, format: AV_PIX_FMT_YUV420P)
    } catch { throw .internalFailure(.encoding, "cannot start the encoder: \(error)") }
    guard encoder.configuration == job.configuration else {
      throw .internalFailure(.encoding, "x264's parameter sets differ from the ones the output lists")
    }
    for n in runs[run] {
      if isStopping { throw .interrupted }
      do { try frame.makeWritable() } catch { throw .internalFailure(.encoding, "\(error)") }
      try renderer.render(at: job.video.time(ofFrame: n), into: frame)
      frame.pointer.pointee.pts = n
      try encoder.encode(frame) { packet throws(EngineError) in try self.push(packet, run: run) }
    }
    try encoder.encode(nil) { packet throws(EngineError) in try self.push(packet, run: run) }
  }

  /// Queues an x264 packet (frame-numbered, Annex B) as an MP4 sample; waits while the run's queue is full.
  private func push(_ encoded: Packet, run: Int) throws(EngineError) {
    let p = encoded.pointer
    let pts = Timestamp.ticks(job.video.time(ofFrame: p.pointee.pts), job.timeBase)
    let sample: Packet
    do {
      sample = try Packet(
        bytes: AVCConfiguration.lengthPrefixed(
          annexB: Array(UnsafeBufferPointer(start: p.pointee.data, count: Int(p.pointee.size)))))
    } catch { throw .internalFailure(.encoding, "\(error)") }
    sample.pointer.pointee.pts = pts
    sample.pointer.pointee.dts = pts - job.delay
    sample.pointer.pointee.duration = Timestamp.ticks(job.video.frameDuration, job.timeBase)
    sample.pointer.pointee.flags = p.pointee.flags & AV_PKT_FLAG_KEY
    condition.lock()
    defer { condition.unlock() }
    while states[run].bytes >= capacity && !stopping { condition.wait() }
    if stopping { throw .interrupted }
    states[run].samples.append(Sample(frame: p.pointee.pts, packet: sample))
    states[run].bytes += Int(sample.pointer.pointee.size)
    condition.broadcast()
  }
}
