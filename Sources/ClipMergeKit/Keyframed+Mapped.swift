extension Keyframed {
  /// The same times and ramps with every value passed through `transform` (which must be affine in the value, so
  /// a ramp between mapped ends is the mapped ramp).
  func mapped(_ transform: (Value) -> Value) -> Keyframed<Value> {
    Keyframed(
      transform(initial),
      changes: changes.map { change in
        switch change {
        case .set(let value, let time): return .set(transform(value), at: time)
        case .ramp(let ramp):
          return .ramp(
            Ramp(from: transform(ramp.from), to: transform(ramp.to), over: ramp.timeRange, curve: ramp.curve))
        }
      })
  }
}
