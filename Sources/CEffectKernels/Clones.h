#ifndef CLIPMERGE_CLONES_H
#define CLIPMERGE_CLONES_H

// The engine's Swift kernels are SSE2 (the x86-64 baseline). A function marked with this is compiled once for each
// vector width below and the loader picks the widest the machine has; elsewhere it is compiled once.
#if defined(__x86_64__) && defined(__ELF__)
#define CLIPMERGE_CLONES __attribute__((target_clones("avx512bw", "avx2", "default")))
#else
#define CLIPMERGE_CLONES
#endif

#endif
