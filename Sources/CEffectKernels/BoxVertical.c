#include "CEffectKernels.h"
#include "Levels.h"

CLIPMERGE_BODY void box_vertical(
  const uint8_t *src, ptrdiff_t src_stride, uint8_t *dst, ptrdiff_t dst_stride, int width, int height, int radius,
  uint16_t *sums)
{
  const uint16_t mul = clipmerge_box_reciprocal(radius);
  const uint16_t bias = (uint16_t)radius;
  const int last = height - 1;
  uint16_t *restrict s = sums;
  for (int x = 0; x < width; x++) s[x] = (uint16_t)(src[x] * (radius + 1));
  for (int i = 1; i <= radius; i++) {
    const uint8_t *restrict row = src + (i < last ? i : last) * src_stride;
    for (int x = 0; x < width; x++) s[x] = (uint16_t)(s[x] + row[x]);
  }
  for (int y = 0; y < height; y++) {
    uint8_t *restrict out = dst + y * dst_stride;
    const uint8_t *restrict add = src + (y + radius + 1 < last ? y + radius + 1 : last) * src_stride;
    const uint8_t *restrict drop = src + (y - radius > 0 ? y - radius : 0) * src_stride;
    for (int x = 0; x < width; x++) {
      const uint16_t sum = s[x];
      out[x] = (uint8_t)(((uint32_t)(uint16_t)(sum + bias) * (uint32_t)mul) >> 16);
      s[x] = (uint16_t)(sum + add[x] - drop[x]);
    }
  }
}

#define ARGUMENTS                                                                                                  \
  const uint8_t *src, ptrdiff_t src_stride, uint8_t *dst, ptrdiff_t dst_stride, int width, int height, int radius, \
    uint16_t *sums
#define PASS src, src_stride, dst, dst_stride, width, height, radius, sums

#if CLIPMERGE_X86
CLIPMERGE_TARGET_AVX2 static void box_vertical_avx2(ARGUMENTS) { box_vertical(PASS); }
CLIPMERGE_TARGET_AVX512 static void box_vertical_avx512(ARGUMENTS) { box_vertical(PASS); }
#endif

void clipmerge_box_vertical(ARGUMENTS) {
#if CLIPMERGE_X86
  switch (clipmerge_kernel_level()) {
  case CLIPMERGE_LEVEL_AVX512: box_vertical_avx512(PASS); return;
  case CLIPMERGE_LEVEL_AVX2: box_vertical_avx2(PASS); return;
  default: break;
  }
#endif
  box_vertical(PASS);
}
