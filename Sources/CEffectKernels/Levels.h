#ifndef CLIPMERGE_LEVELS_H
#define CLIPMERGE_LEVELS_H

#include "CEffectKernels.h"

// The engine's Swift kernels are SSE2 (the x86-64 baseline). A kernel written with CLIPMERGE_VARIANTS is compiled
// once for each vector width below and picked at each call by clipmerge_kernel_level(): a plain branch, not an
// ifunc (a resolver runs inside the loader, before a sanitizer's runtime is up, and cannot be forced by a test).
#if defined(__x86_64__) && defined(__ELF__)
#define CLIPMERGE_X86 1
#define CLIPMERGE_TARGET_AVX2 __attribute__((target("avx2")))
#define CLIPMERGE_TARGET_AVX512 __attribute__((target("avx512f,avx512bw")))
#else
#define CLIPMERGE_X86 0
#endif

// The kernel's body, inlined into each variant so the compiler picks its lanes for that width.
#define CLIPMERGE_BODY static inline __attribute__((always_inline))

#endif
