extension Keyframed {
  /// `value` from `time` on, as AVFoundation's set…(_:at:) calls have it: at zero, before any other change, it is
  /// the initial value itself.
  mutating func setting(_ value: Value, at time: MediaTime) {
    if time == .zero && changes.isEmpty {
      initial = value
    } else {
      set(value, at: time)
    }
  }
}
