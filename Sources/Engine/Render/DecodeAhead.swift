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

  init(decoder: PictureDecoder, capacity: Int = 3) {
    self.decoder = decoder
    self.capacity = capacity
    let thread = Thread { [self] in produce() }
    thread.name = "clipmerge decode"
    thread.start()
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
