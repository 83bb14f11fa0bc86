import Synchronization

/// What an export session shares with the thread that renders: the progress, the status, a cancellation.
final class ExportState: Sendable {
  private struct Values {
    var progress = 0.0
    var status = AssetExportSession.Status.waiting
    var cancelled = false
  }
  private let values = Mutex(Values())

  var progress: Double { values.withLock { $0.progress } }
  var status: AssetExportSession.Status { values.withLock { $0.status } }
  var isCancelled: Bool { values.withLock { $0.cancelled } }

  func update(progress: Double) { values.withLock { $0.progress = progress } }

  /// Moves a waiting session to exporting; false when it has run or is running (a session exports once).
  func start() -> Bool {
    values.withLock { values in
      guard values.status == .waiting else { return false }
      values.status = .exporting
      return true
    }
  }
  func update(status: AssetExportSession.Status) { values.withLock { $0.status = status } }
  func cancel() { values.withLock { $0.cancelled = true } }
}
