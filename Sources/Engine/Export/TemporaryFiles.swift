import Foundation
import Synchronization

/// The temporary files this process has made and not yet moved into place or removed, so a run stopped while
/// blocked (a read of standard input, a slow disk, a long frame) can still remove them all before it exits.
/// Moving a file into place and abandoning them all exclude each other: once abandoned, nothing is committed.
public enum TemporaryFiles {
  private struct State {
    var paths: Set<String> = []
    var abandoned = false
  }
  private static let state = Mutex(State())

  /// Records `path` as a temporary file of this run; removes it at once if the run is being stopped.
  static func add(_ path: String) {
    let keep = state.withLock { state in
      guard !state.abandoned else { return false }
      state.paths.insert(path)
      return true
    }
    if !keep && unlink(path) != 0 && errno == EISDIR { try? FileManager.default.removeItem(atPath: path) }
  }

  /// Forgets `path` (removed or moved into place by its owner).
  static func remove(_ path: String) {
    _ = state.withLock { $0.paths.remove(path) }
  }

  /// Runs `move`, which puts the temporary file `path` in place, unless the run is being stopped; whether it ran.
  static func commit(_ path: String, _ move: () -> Bool) -> Bool {
    state.withLock { state in
      guard !state.abandoned else { return false }
      let moved = move()
      if moved { state.paths.remove(path) }
      return moved
    }
  }

  /// Removes every temporary file of this run; nothing is committed afterwards. Called by the thread that ends
  /// a run stopped by a signal.
  public static func abandonAll() {
    state.withLock { state in
      state.abandoned = true
      for path in state.paths where unlink(path) != 0 && errno == EISDIR {
        // A private folder (TemporaryFolder): its files are this run's own. The run may still be adding one
        // as it goes, failing the removal of a folder no longer empty: again, until the folder is gone (a file
        // written after that finds no folder).
        for _ in 0..<20 where (try? FileManager.default.removeItem(atPath: path)) == nil {
          guard FileManager.default.fileExists(atPath: path) else { break }
        }
      }
      state.paths = []
    }
  }

  /// Registers a temporary file made outside the engine (the copy of standard input).
  public static func adopt(_ path: String) { add(path) }

  /// Forgets a temporary file made outside the engine, once its owner has removed it.
  public static func release(_ path: String) { remove(path) }
}
