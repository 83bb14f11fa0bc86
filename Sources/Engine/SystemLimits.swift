import Foundation

/// The resource limits that make the system refuse threads and memory (`ulimit -u`, `ulimit -v`), for telling a
/// refusal from a failure of clipmerge when a library says no more than "an error" (libx264 failing to start its
/// threads says "Generic error in an external library").
enum SystemLimits {
  /// The limits set on this process that refuse threads or memory, as `ulimit` names them; empty when none is.
  static var restricting: [String] {
    var limits: [String] = []
    var limit = rlimit()
    if getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max {
      limits.append("ulimit -v \(limit.rlim_cur / 1024)")
    }
    // A limit on processes binds every user but root.
    if getuid() != 0, getrlimit(__rlimit_resource_t(__RLIMIT_NPROC.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max
    {
      limits.append("ulimit -u \(limit.rlim_cur)")
    }
    return limits
  }
}
