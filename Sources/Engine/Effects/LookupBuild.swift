import Foundation

/// A `YUVLookup` built on its own thread, started before the render needs it, so building the table (about 20 ms
/// of arithmetic, and up to 0.1 s more for the kernel to clear its 32 MB as they are first written) overlaps
/// opening the sources and the encoder. `result()` waits for it.
final class LookupBuild: @unchecked Sendable {
  // `lookup` is written once, by the build thread, before `done` is signalled, and read only after waiting on it.
  private let done = DispatchSemaphore(value: 0)
  private var lookup: YUVLookup?

  init(_ cube: CubeLUT, matrix: ColorMatrix) {
    let thread = Thread { [self] in
      lookup = YUVLookup(cube, matrix: matrix)
      done.signal()
    }
    thread.name = "clipmerge colour table"
    thread.start()
  }

  /// The built lookup; waits for the build thread. Call once.
  func result() -> YUVLookup {
    done.wait()
    guard let lookup else { preconditionFailure("the build thread signals only once it has set the lookup") }
    return lookup
  }
}
