internal import CEffectKernels

/// The vector width the C kernels (blur passes, colour table rows) run at: each is compiled for the x86-64
/// baseline, AVX2 and AVX-512 and picks one at each call.
package enum KernelLevel: Int32, CaseIterable, Sendable {
  case baseline = 0
  case avx2 = 1
  case avx512 = 2

  /// The widest this processor runs.
  package static var supported: KernelLevel { KernelLevel(rawValue: clipmerge_kernel_supported_level()) ?? .baseline }

  /// Runs the kernels at `level` (nil: the widest again) from now on; returns the level in effect, which is at
  /// most `supported`.
  @discardableResult
  package static func force(_ level: KernelLevel?) -> KernelLevel {
    KernelLevel(rawValue: clipmerge_set_kernel_level(level?.rawValue ?? -1)) ?? .baseline
  }
}
