import Foundation

/// Where the command line writes: standard output for results only, standard error for everything else.
/// Tests pass their own closures.
public struct Console {
  public var out: (String) -> Void
  public var err: (String) -> Void
  /// Whether standard error is a terminal (progress bars only there).
  public var errIsTerminal: Bool

  public init(out: @escaping (String) -> Void, err: @escaping (String) -> Void, errIsTerminal: Bool) {
    self.out = out
    self.err = err
    self.errIsTerminal = errIsTerminal
  }

  /// Writes nowhere.
  public static var silent: Console { Console(out: { _ in }, err: { _ in }, errIsTerminal: false) }

  /// The process's own standard output and error.
  public static var standard: Console {
    Console(
      out: { StandardStream.out(Data($0.utf8)) },
      err: { StandardStream.err(Data($0.utf8)) },
      errIsTerminal: isatty(STDERR_FILENO) == 1)
  }
}
