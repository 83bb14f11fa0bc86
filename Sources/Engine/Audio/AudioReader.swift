import CFFmpeg
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
      throw EngineError.internalFailure("\(error)")
    }
    buffer = Array(repeating: [], count: format.channels)
    position = start
    if start > Int64(format.sampleRate) { stream.seek(to: MediaTime.ticks(start, rate: format.sampleRate)) }
  }

  /// The source time being decoded, for damage reports.
  private var currentTime: MediaTime? {
    (writePosition ?? position) >= 0 ? MediaTime.ticks(writePosition ?? position, rate: format.sampleRate) : nil
  }

  /// Whether every sample of the stream has been read (what follows is silence).
  var isExhausted: Bool { drained && buffer[0].count == bufferOffset }

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

  /// Decodes until the buffer reaches source sample `end` or the stream ends.
  private func fill(upTo end: Int64) throws(EngineError) {
    while position + Int64(buffer[0].count - bufferOffset) < end && !drained {
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
    stream.time(of: frame.pointer.pointee.best_effort_timestamp)?.ticks(atRate: format.sampleRate)
  }

  /// Makes the next appended sample land at source sample `start`: pads with silence or drops what is buffered
  /// past it.
  private func align(to start: Int64) {
    let end = position + Int64(buffer[0].count - bufferOffset)
    if start > end {
      let gap = Int(min(start - end, Int64(format.sampleRate) * 3600))
      for channel in 0..<format.channels { buffer[channel].append(contentsOf: repeatElement(0, count: gap)) }
    } else if start < end {
      let keep = max(0, Int(start - position))
      for channel in 0..<format.channels {
        buffer[channel].removeLast(
          min(buffer[channel].count - bufferOffset - keep, buffer[channel].count - bufferOffset))
      }
    }
    writePosition = start
  }

  /// Appends `converted`'s samples, dropping those before `position` (already read or before the start).
  private func appendConverted() {
    let n = converted.sampleCount
    guard n > 0 else { return }
    let bufferEnd = position + Int64(buffer[0].count - bufferOffset)
    let startWrite = writePosition ?? bufferEnd
    // Samples that belong before the current read position are dropped.
    let skip = Int(max(0, min(Int64(n), position - startWrite)))
    for channel in 0..<format.channels {
      guard let data = converted.data(channel) else { continue }
      data.withMemoryRebound(to: Float.self, capacity: n) { samples in
        buffer[channel].append(contentsOf: UnsafeBufferPointer(start: samples + skip, count: n - skip))
      }
    }
    writePosition = skip > 0 ? startWrite + Int64(n) : position + Int64(buffer[0].count - bufferOffset)
  }
}
