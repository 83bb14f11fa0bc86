#ifndef CLIPMERGE_EFFECT_KERNELS_H
#define CLIPMERGE_EFFECT_KERNELS_H

#include <stddef.h>
#include <stdint.h>

/// The vector widths the kernels are compiled for: the x86-64 baseline (SSE2), AVX2, AVX-512 (F and BW).
enum { CLIPMERGE_LEVEL_BASELINE = 0, CLIPMERGE_LEVEL_AVX2 = 1, CLIPMERGE_LEVEL_AVX512 = 2 };

/// The widest level this processor runs.
int clipmerge_kernel_supported_level(void);

/// The level the kernels run at: the widest the processor has, unless set.
int clipmerge_kernel_level(void);

/// Runs the kernels at `level` from now on (a negative one: the widest again), at most the supported level;
/// returns the level in effect. For tests, to run every compiled variant on one machine.
int clipmerge_set_kernel_level(int level);

/// 65536 / (2r + 1), for r >= 1: the high 16 bits of (a sum of 2r + 1 samples + r) times it are their rounded mean.
/// The one place of the blur's division, for the C passes and the Swift lane passes. Kept a plain 16-bit value (no
/// wider type, no branch): the SSE2 build then multiplies with `pmulhuw`; otherwise it widened to 32-bit lanes and
/// its passes took twice the time.
static inline uint16_t clipmerge_box_reciprocal(int radius) {
  return (uint16_t)(65536u / (uint32_t)(2 * radius + 1));
}

/// One vertical box pass of radius `radius` (1...127) over a plane `width` x `height`: each output sample is the
/// rounded mean of the 2r + 1 samples above, at and below it in `src`, the plane's top and bottom rows repeated
/// outward. `sums` holds `width` 16-bit column sums. `src` and `dst` must not overlap. Compiled for the baseline
/// (SSE2), AVX2 and AVX-512 and chosen at each call by `clipmerge_kernel_level` (one C loop over the columns; the
/// compiler picks the lanes).
void clipmerge_box_vertical(
  const uint8_t *src, ptrdiff_t src_stride, uint8_t *dst, ptrdiff_t dst_stride, int width, int height, int radius,
  uint16_t *sums);

/// Samples `clipmerge_box_rows` keeps either side of a row (its end samples repeated): at least the largest radius.
#define CLIPMERGE_ROW_PAD 8

/// The horizontal box passes of radii `radii[0..<count]` (each 1...3) over a plane `width` x `height`, one row at a
/// time: each pass's output is the rounded mean of the 2r + 1 samples left of, at and right of it, the row's ends
/// repeated outward. `buffer` holds 2 * (width + 3 * CLIPMERGE_ROW_PAD) 16-bit samples. Compiled and chosen like
/// `clipmerge_box_vertical`.
void clipmerge_box_rows(
  const uint8_t *src, ptrdiff_t src_stride, uint8_t *dst, ptrdiff_t dst_stride, int width, int height,
  const int *radii, int count, uint16_t *buffer);

/// One row of 2×2 blocks through a `YUVLookup` table (`table`: for each 16-bit Cb, Cr key, 512 bytes: Y' out for
/// every Y', then 128 Cb, Cr out pairs by the mean Y' to 7 bits). For block x: its key `keys[x]`, its luma the two
/// bytes at `2x` in `top` and `bottom`, written at `2x` in `out_top` and `out_bottom`; its Cb, Cr out pair to
/// `pairs[x]`. With AVX-512, sixteen blocks at a time by gathers.
void clipmerge_lookup_row(
  const uint8_t *table, const uint16_t *keys, const uint8_t *top, const uint8_t *bottom, uint8_t *out_top,
  uint8_t *out_bottom, uint16_t *pairs, int count);

#endif
