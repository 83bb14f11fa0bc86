import Foundation

/// Runs a `PictureDecoder` on its own thread, up to `capacity` pictures ahead of the reader, so decoding overlaps
/// with compositing and encoding. The thread owns the decoder and closes it (and its file) before `stop()`
/// returns; an error ends the thread and is thrown to the reader in order, after the pictures before it.
final class DecodeAhead: @unchecked Sendable {
  // Everything below is guarded by `condition`, except `decoder`, which only the decode thread touches.
  private let condition = NSCondition()
  private let capacity: Int
  private var pictures: [SourcePicture] = []
  /// Set when the decoder is done: nil error means the end of the stream.
  private var finished: EngineError?? = nil
  private var stopping = false
  private var running = true
  private var decoder: PictureDecoder?

  /// Starts the decode thread; a system that refuses the thread (a limit on processes or on memory) is an
  /// error here, never a reader waiting for pictures that no thread will decode.
  init(decoder: PictureDecoder, capacity: Int = 3) throws(EngineError) {
    self.decoder = decoder
    self.capacity = capacity
    let started = Unmanaged.passRetained(self)
    var thread = pthread_t()
    let status = pthread_create(
      &thread, nil,
      { argument in
        let ahead = Unmanaged<DecodeAhead>.fromOpaque(argument!).takeRetainedValue()
        ahead.produce()
        return nil
      }, started.toOpaque())
    guard status == 0 else {
      started.release()
      self.decoder = nil
      running = false
      throw .systemRefused(
        path: decoder.path,
        reason: "the system refused a decoding thread (\(String(cString: strerror(status)))): raise the limit on "
          + "processes (ulimit -u) or memory (ulimit -v)")
    }
    pthread_detach(thread)
  }

  /// The next picture in presentation order; nil at the end of the stream. Waits for the decode thread.
  func next() throws(EngineError) -> SourcePicture? {
    condition.lock()
    defer { condition.unlock() }
    while pictures.isEmpty && finished == nil { condition.wait() }
    if !pictures.isEmpty {
      condition.broadcast()
      return pictures.removeFirst()
    }
    if case .some(.some(let error)) = finished { throw error }
    return nil
  }

  /// Stops the decode thread and waits until it has closed the decoder. Pictures already handed out stay valid.
  func stop() {
    condition.lock()
    stopping = true
    condition.broadcast()
    while running { condition.wait() }
    pictures.removeAll()
    condition.unlock()
  }

  private func produce() {
    while let decoder, waitForRoom() {
      let outcome: Result<SourcePicture?, EngineError>
      do throws(EngineError) {
        outcome = .success(try decoder.next())
      } catch {
        outcome = .failure(error)
      }
      condition.lock()
      switch outcome {
      case .success(let picture?): pictures.append(picture)
      case .success(nil): finished = .some(nil)
      case .failure(let error): finished = .some(error)
      }
      condition.broadcast()
      let done = finished != nil
      condition.unlock()
      if done { break }
    }
    decoder = nil
    condition.lock()
    running = false
    condition.broadcast()
    condition.unlock()
  }

  /// Waits until the queue has room; false when the reader has stopped.
  private func waitForRoom() -> Bool {
    condition.lock()
    defer { condition.unlock() }
    while pictures.count >= capacity && !stopping { condition.wait() }
    return !stopping
  }
}
