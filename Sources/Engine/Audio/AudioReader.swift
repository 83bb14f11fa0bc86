internal import CFFmpeg
import Composition

/// Decodes one source's audio stream forward, converted to the mix format, and hands out samples by position:
/// `read` continues exactly where the last call stopped. Timestamps place the samples: a gap in the stream
/// becomes silence, an overlap is dropped, time before the first sample is silence, and the end of the stream is
/// followed by silence, so a source always yields exactly the samples asked for.
final class AudioReader {
  let path: String
  private let format: AudioFormat
  private let stream: DecodingStream
  private let decoded: Frame
  private let converted: Frame
  private var resampler: Resampler?
  /// Converted samples, per channel; those from `bufferOffset` on are not read yet.
  private var buffer: [[Float]]
  private var bufferOffset = 0
  /// Source sample index (at the mix rate) of `buffer[_][bufferOffset]`.
  private var position: Int64
  /// Source sample index where the next converted sample belongs.
  private var writePosition: Int64?
  /// Silence still to come after `buffer`, then `held`: a gap in the stream is filled as it is read, so even a
  /// long one never allocates more than the reader is asked for.
  private var pendingSilence: Int64 = 0
  /// Converted samples that come after `pendingSilence`, per channel.
  private var held: [[Float]] = []
  private var drained = false

  /// Opens `path`'s audio stream positioned at source sample `start` (at the mix rate).
  init(path: String, format: AudioFormat, start: Int64, damage: DamageLog = DamageLog()) throws(EngineError) {
    self.path = path
    self.format = format
    stream = try DecodingStream(path: path, kind: .audio, damage: damage)
    do {
      decoded = try Frame()
      converted = try Frame()
    } catch {
      throw EngineError.internalFailure(.audio, "\(error)")
    }
    buffer = Array(repeating: [], count: format.channels)
    position = start
    if start > Int64(format.sampleRate) { stream.seek(to: MediaTime.ticks(start, rate: format.sampleRate)) }
  }

  /// The source time being decoded, for damage reports.
  private var currentTime: MediaTime? {
    (writePosition ?? position) >= 0 ? MediaTime.ticks(writePosition ?? position, rate: format.sampleRate) : nil
  }

  private var available: Int { buffer[0].count - bufferOffset }
  private var heldCount: Int { held.first?.count ?? 0 }
  /// The source sample index after everything decoded so far: buffer, pending silence, held samples.
  private var scheduledEnd: Int64 { position + Int64(available) + pendingSilence + Int64(heldCount) }

  /// Decodes ahead until at least `count` samples are buffered or the stream ends; returns how many are.
  func buffered(atLeast count: Int) throws(EngineError) -> Int {
    try fill(upTo: position + Int64(count))
    return buffer[0].count - bufferOffset
  }

  /// Adds `count` samples from the current position, times `gain(i)` for sample i of the call, into
  /// `mix[channel][offset + i]`, and moves on by `count`.
  func read(count: Int, into mix: inout [[Float]], offset: Int, gain: (Int) -> Float) throws(EngineError) {
    var done = 0
    while done < count {
      try fill(upTo: position + Int64(count - done))
      let available = buffer[0].count - bufferOffset
      if available == 0 {
        // End of stream: silence adds nothing.
        position += Int64(count - done)
        return
      }
      let n = min(available, count - done)
      for channel in 0..<format.channels {
        buffer[channel].withUnsafeBufferPointer { source in
          mix[channel].withUnsafeMutableBufferPointer { target in
            for i in 0..<n { target[offset + done + i] += source[bufferOffset + i] * gain(done + i) }
          }
        }
      }
      bufferOffset += n
      position += Int64(n)
      done += n
      compact()
    }
  }

  private func compact() {
    guard bufferOffset > 1 << 16 else { return }
    for channel in 0..<format.channels { buffer[channel].removeFirst(bufferOffset) }
    bufferOffset = 0
  }

  /// Decodes (or lays pending silence) until the buffer reaches source sample `end` or the stream ends.
  private func fill(upTo end: Int64) throws(EngineError) {
    while position + Int64(available) < end {
      if pendingSilence > 0 {
        let pad = Int(min(pendingSilence, end - position - Int64(available)))
        for channel in 0..<format.channels { buffer[channel].append(contentsOf: repeatElement(0, count: pad)) }
        pendingSilence -= Int64(pad)
        if pendingSilence == 0 && heldCount > 0 {
          for channel in 0..<format.channels { buffer[channel].append(contentsOf: held[channel]) }
          held = []
        }
        continue
      }
      if drained { break }
      try decodeMore()
    }
  }

  private func decodeMore() throws(EngineError) {
    if try stream.receive(into: decoded, near: currentTime) {
      try append(decoded)
      decoded.unref()
    } else {
      try flushResampler()
      drained = true
    }
  }

  /// Places a decoded frame by its timestamp, then converts and appends it.
  private func append(_ frame: Frame) throws(EngineError) {
    if let start = startSample(of: frame) {
      let expected = writePosition ?? start
      let tolerance = Int64(format.sampleRate / 50)
      if writePosition == nil || abs(start - expected) > tolerance {
        align(to: start)
      }
    } else if writePosition == nil {
      align(to: 0)
    }
    do {
      if resampler == nil || !(resampler?.accepts(frame) ?? false) {
        try flushResampler()
        resampler = try Resampler(like: frame, outputRate: format.sampleRate, outputChannels: format.channels)
      }
      try resampler?.convert(frame, into: converted)
    } catch {
      throw EngineError.decodeFailed(path: path, time: nil, reason: "cannot resample the audio (\(error))")
    }
    appendConverted()
  }

  private func flushResampler() throws(EngineError) {
    guard let resampler else { return }
    do {
      try resampler.convert(nil, into: converted)
    } catch {
      throw EngineError.decodeFailed(path: path, time: nil, reason: "cannot resample the audio (\(error))")
    }
    appendConverted()
    self.resampler = nil
  }

  /// The frame's first sample as a source sample index at the mix rate, from its timestamp.
  private func startSample(of frame: Frame) -> Int64? {
    guard let sample = stream.time(of: frame.pointer.pointee.best_effort_timestamp)?.ticks(atRate: format.sampleRate)
    else { return nil }
    // A damaged timestamp can be anything; one beyond a day either way is treated as missing.
    let day = Int64(format.sampleRate) * 86_400
    return (-day...day).contains(sample) ? sample : nil
  }

  /// Makes the next appended sample land at source sample `start`: schedules silence for a gap, or drops what
  /// is already scheduled past it.
  private func align(to start: Int64) {
    let end = scheduledEnd
    if start > end {
      if pendingSilence == 0 && heldCount == 0 {
        pendingSilence = start - end
      } else {
        // A gap inside held samples (only while flushing): filled at once, at most 10 s of it.
        let gap = Int(min(start - end, Int64(format.sampleRate) * 10))
        for channel in 0..<format.channels { held[channel].append(contentsOf: repeatElement(0, count: gap)) }
      }
    } else if start < end {
      var excess = end - start
      let fromHeld = Int(min(excess, Int64(heldCount)))
      for channel in held.indices { held[channel].removeLast(fromHeld) }
      excess -= Int64(fromHeld)
      let fromSilence = min(excess, pendingSilence)
      pendingSilence -= fromSilence
      excess -= fromSilence
      let fromBuffer = Int(min(excess, Int64(available)))
      for channel in 0..<format.channels { buffer[channel].removeLast(fromBuffer) }
    }
    writePosition = start
  }

  /// Appends `converted`'s samples (after pending silence, if any), dropping those before `position` (already
  /// read or before the start).
  private func appendConverted() {
    let n = converted.sampleCount
    guard n > 0 else { return }
    let startWrite = writePosition ?? scheduledEnd
    // Samples that belong before the current read position are dropped.
    let skip = Int(max(0, min(Int64(n), position - startWrite)))
    let deferred = pendingSilence > 0 || heldCount > 0
    if deferred && held.isEmpty { held = Array(repeating: [], count: format.channels) }
    for channel in 0..<format.channels {
      guard let data = converted.data(channel) else { continue }
      data.withMemoryRebound(to: Float.self, capacity: n) { samples in
        let slice = UnsafeBufferPointer(start: samples + skip, count: n - skip)
        if deferred {
          held[channel].append(contentsOf: slice)
        } else {
          buffer[channel].append(contentsOf: slice)
        }
      }
    }
    writePosition = skip > 0 ? startWrite + Int64(n) : scheduledEnd
  }
}
