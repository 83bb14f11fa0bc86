import Foundation

/// Reads a pipe to its end on a thread of its own.
final class PipeReader: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  private var data = Data()

  init(_ handle: FileHandle) {
    Thread.detachNewThread { [self] in
      data = handle.readDataToEndOfFile()
      done.signal()
    }
  }

  /// Everything read, once the writer closed its end.
  func wait() -> Data {
    done.wait()
    return data
  }
}
