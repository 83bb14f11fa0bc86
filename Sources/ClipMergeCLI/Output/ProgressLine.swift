import ClipMergeKit
import Foundation

/// A one-line progress display on a terminal's standard error: percent, frames, speed, time left. Drawn at
/// most ten times a second and only once a render has run for a second.
final class ProgressLine {
  private let console: Console
  private let started = Date()
  private var lastDraw = Date.distantPast
  private var drawn = false

  init(console: Console) { self.console = console }

  func update(_ progress: ExportProgress) {
    let now = Date()
    let elapsed = now.timeIntervalSince(started)
    guard console.errIsTerminal, elapsed >= 1, now.timeIntervalSince(lastDraw) >= 0.1 else { return }
    lastDraw = now
    let fraction = progress.fraction
    let speed = progress.outputTime.seconds / max(elapsed, 1e-3)
    let remaining = speed > 0 ? (progress.duration.seconds - progress.outputTime.seconds) / speed : 0
    let percent = String(format: "%5.1f%%", fraction * 100)
    let filled = min(24, max(0, Int((fraction * 24).rounded(.down))))
    let bar = "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: 24 - filled) + "]"
    let line =
      "\r\(bar) \(percent)  \(progress.framesWritten) frames  \(String(format: "%.2fx", speed))  "
      + "ETA \(Int(remaining.rounded())) s   "
    console.err(line)
    drawn = true
  }

  /// Clears the line, if one was drawn.
  func finish() {
    if drawn { console.err("\r\u{1B}[K") }
  }
}
