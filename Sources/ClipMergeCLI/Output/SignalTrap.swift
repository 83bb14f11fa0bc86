import ClipMergeKit
import Foundation
import Synchronization

/// Turns SIGINT, SIGTERM and SIGHUP (a closed terminal) into a flag the render loop polls, so an interrupted render
/// removes its temporary file and exits 130 instead of dying mid-write. A run that does not get back to the flag
/// within `grace` (blocked reading standard input, opening a slow file, inside one long frame) is ended by a
/// watchdog thread: it removes every temporary file (TemporaryFiles) and exits 130 itself. SIGPIPE and SIGXFSZ
/// are ignored, so a closed pipe or a file over the size limit is a failed write, handled like any other.
enum SignalTrap {
  static let raised = Atomic<Bool>(false)
  private static let installed = Atomic<Bool>(false)
  /// How long a stopped run has to finish by itself.
  static let grace: useconds_t = 700_000

  /// Sets the handlers and starts the watchdog, once per process.
  static func install(json: Bool = false) {
    guard installed.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged else { return }
    signal(SIGINT) { _ in SignalTrap.raised.store(true, ordering: .relaxed) }
    signal(SIGTERM) { _ in SignalTrap.raised.store(true, ordering: .relaxed) }
    signal(SIGHUP) { _ in SignalTrap.raised.store(true, ordering: .relaxed) }
    signal(SIGPIPE, SIG_IGN)
    signal(SIGXFSZ, SIG_IGN)
    let watchdog = Thread {
      while !isRaised { usleep(20_000) }
      usleep(grace)
      TemporaryFiles.abandonAll()
      let failure = EngineError.interrupted.description
      let message =
        json
        ? Console.jsonLine(["stage": "failed", "error": failure, "exitCode": Int(ExitCode.interrupted.rawValue)])
        : "clipmerge: error: \(failure)\n"
      _ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
      _exit(ExitCode.interrupted.rawValue)
    }
    watchdog.start()
  }

  static var isRaised: Bool { raised.load(ordering: .relaxed) }
}
