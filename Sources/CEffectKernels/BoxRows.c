#include "CEffectKernels.h"
#include "Levels.h"

enum { PAD = CLIPMERGE_ROW_PAD };

// The rounded mean of a sum of 2r + 1 samples: (sum + r) times 65536 / (2r + 1), the high half.
#define MEAN(sum) ((uint16_t)(((uint32_t)(uint16_t)((sum) + bias) * (uint32_t)mul) >> 16))

CLIPMERGE_BODY void box_rows(
  const uint8_t *src, ptrdiff_t src_stride, uint8_t *dst, ptrdiff_t dst_stride, int width, int height,
  const int *radii, int count, uint16_t *buffer)
{
  const int length = width + 3 * PAD;
  for (int y = 0; y < height; y++) {
    uint16_t *from = buffer, *to = buffer + length;
    const uint8_t *s = src + y * src_stride;
    for (int x = 0; x < width; x++) from[PAD + x] = s[x];
    for (int p = 0; p < count; p++) {
      const int r = radii[p];
      const uint16_t bias = (uint16_t)r;
      const uint16_t mul = clipmerge_box_reciprocal(r);
      for (int x = 0; x < PAD; x++) from[x] = from[PAD];
      for (int x = PAD + width; x < length; x++) from[x] = from[PAD + width - 1];
      const uint16_t *restrict in = from + PAD;
      uint16_t *restrict out = to + PAD;
      switch (r) {
      case 1:
        for (int x = 0; x < width; x++) out[x] = MEAN(in[x - 1] + in[x] + in[x + 1]);
        break;
      case 2:
        for (int x = 0; x < width; x++) out[x] = MEAN(in[x - 2] + in[x - 1] + in[x] + in[x + 1] + in[x + 2]);
        break;
      default:
        for (int x = 0; x < width; x++)
          out[x] = MEAN(in[x - 3] + in[x - 2] + in[x - 1] + in[x] + in[x + 1] + in[x + 2] + in[x + 3]);
        break;
      }
      uint16_t *swap = from;
      from = to;
      to = swap;
    }
    uint8_t *t = dst + y * dst_stride;
    for (int x = 0; x < width; x++) t[x] = (uint8_t)from[PAD + x];
  }
}

#define ARGUMENTS                                                                                             \
  const uint8_t *src, ptrdiff_t src_stride, uint8_t *dst, ptrdiff_t dst_stride, int width, int height, \
    const int *radii, int count, uint16_t *buffer
#define PASS src, src_stride, dst, dst_stride, width, height, radii, count, buffer

#if CLIPMERGE_X86
CLIPMERGE_TARGET_AVX2 static void box_rows_avx2(ARGUMENTS) { box_rows(PASS); }
CLIPMERGE_TARGET_AVX512 static void box_rows_avx512(ARGUMENTS) { box_rows(PASS); }
#endif

void clipmerge_box_rows(ARGUMENTS) {
#if CLIPMERGE_X86
  switch (clipmerge_kernel_level()) {
  case CLIPMERGE_LEVEL_AVX512: box_rows_avx512(PASS); return;
  case CLIPMERGE_LEVEL_AVX2: box_rows_avx2(PASS); return;
  default: break;
  }
#endif
  box_rows(PASS);
}
