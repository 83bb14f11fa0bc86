#include "CEffectKernels.h"
#include "Levels.h"

#include <stdatomic.h>

// -1: not yet known. Set once from the processor, or by clipmerge_set_kernel_level.
static _Atomic int chosen = -1;

int clipmerge_kernel_supported_level(void) {
#if CLIPMERGE_X86
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512f")) return CLIPMERGE_LEVEL_AVX512;
  if (__builtin_cpu_supports("avx2")) return CLIPMERGE_LEVEL_AVX2;
#endif
  return CLIPMERGE_LEVEL_BASELINE;
}

int clipmerge_kernel_level(void) {
  int level = atomic_load_explicit(&chosen, memory_order_relaxed);
  if (level < 0) {
    level = clipmerge_kernel_supported_level();
    atomic_store_explicit(&chosen, level, memory_order_relaxed);
  }
  return level;
}

int clipmerge_set_kernel_level(int level) {
  const int supported = clipmerge_kernel_supported_level();
  const int effective = level < 0 || level > supported ? supported : level;
  atomic_store_explicit(&chosen, effective, memory_order_relaxed);
  return effective;
}
