/// The name a misspelt word most likely meant, among the names a value or option takes: the one closest by edit
/// distance (at most 1 for names of up to 4 letters, 2 for longer ones), else
/// the only one it starts (at least 3 letters). One place for "did you mean …?" on the command line and in specs.
public enum NearMiss {
  /// The name among `names` that `word` most likely meant, or nil when none is close.
  public static func nearest(_ word: String, among names: [String]) -> String? {
    let typed = word.lowercased()
    guard !typed.isEmpty, !names.contains(typed) else { return nil }
    let best = names.map { ($0, distance(typed, $0.lowercased())) }.min { $0.1 < $1.1 }
    if let (name, far) = best, far <= allowance(name) { return name }
    let started = names.filter { typed.count >= 3 && $0.lowercased().hasPrefix(typed) }
    return started.count == 1 ? started[0] : nil
  }

  /// "; did you mean 'NAME'?" for `word` among `names`, or "" when none is close.
  public static func suggestion(_ word: String, among names: [String]) -> String {
    nearest(word, among: names).map { "; did you mean '\($0)'?" } ?? ""
  }

  private static func allowance(_ name: String) -> Int {
    name.count >= 5 ? 2 : 1
  }

  /// The edit distance between `a` and `b` (insertions, deletions, substitutions).
  public static func distance(_ a: String, _ b: String) -> Int {
    let (x, y) = (Array(a), Array(b))
    guard !x.isEmpty else { return y.count }
    guard !y.isEmpty else { return x.count }
    var previous = Array(0...y.count)
    for i in 1...x.count {
      var current = [i] + Array(repeating: 0, count: y.count)
      for j in 1...y.count {
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
      }
      previous = current
    }
    return previous[y.count]
  }
}
