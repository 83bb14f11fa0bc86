extension Keyframed {
  /// The same times and ramps with every value passed through `transform` with the time it takes effect (the
  /// initial value's: `start`). `transform` must be affine in the value, so a ramp between mapped ends is the
  /// mapped ramp.
  func mapped(from start: MediaTime, _ transform: (Value, MediaTime) -> Value) -> Keyframed<Value> {
    Keyframed(
      transform(initial, start),
      changes: changes.map { change in
        switch change {
        case .set(let value, let time): return .set(transform(value, time), at: time)
        case .ramp(let ramp):
          let at = ramp.timeRange.start
          return .ramp(
            Ramp(from: transform(ramp.from, at), to: transform(ramp.to, at), over: ramp.timeRange, curve: ramp.curve))
        }
      })
  }
}
