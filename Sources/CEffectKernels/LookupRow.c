#include "CEffectKernels.h"
#include "Levels.h"

#include <string.h>
#if defined(__x86_64__) && !defined(CLIPMERGE_EMULATED_AVX512)
#include <immintrin.h>
#endif

// The gather below is compiled for AVX-512. The tests also compile this file with the intrinsics emulated in
// portable C (SIMDe; Tests/Kernels/avx512-emulated.c), so the gather runs on any machine: no target there.
#if defined(CLIPMERGE_EMULATED_AVX512)
#define CLIPMERGE_GATHER_TARGET
#else
#define CLIPMERGE_GATHER_TARGET __attribute__((target("avx512f,avx512bw")))
#endif

// Blocks `from..<count` one at a time.
static void lookup_blocks(
  const uint8_t *table, const uint16_t *keys, const uint8_t *top, const uint8_t *bottom, uint8_t *out_top,
  uint8_t *out_bottom, uint16_t *pairs, int from, int count)
{
  for (int x = from; x < count; x++) {
    const uint8_t *block = table + ((size_t)keys[x] << 9);
    const unsigned p = top[2 * x], q = top[2 * x + 1], r = bottom[2 * x], s = bottom[2 * x + 1];
    out_top[2 * x] = block[p];
    out_top[2 * x + 1] = block[q];
    out_bottom[2 * x] = block[r];
    out_bottom[2 * x + 1] = block[s];
    memcpy(pairs + x, block + 256 + 2 * ((p + q + r + s) >> 3), 2);
  }
}

#if defined(__x86_64__)
// Sixteen blocks a step: each of the four luma samples and the chroma pair one 16-lane gather of 32-bit words at
// byte offsets, of which the wanted byte (or pair) is kept. Each word read lies inside its block: a luma word at
// Y' <= 255 ends at byte 258, and the pair is read as the high half of the word two bytes before it (ends at 511).
CLIPMERGE_GATHER_TARGET static int lookup_gather(
  const uint8_t *table, const uint16_t *keys, const uint8_t *top, const uint8_t *bottom, uint8_t *out_top,
  uint8_t *out_bottom, uint16_t *pairs, int count)
{
  const __m512i low = _mm512_set1_epi32(0xFF);
  int x = 0;
  for (; x + 16 <= count; x += 16) {
    const __m512i base = _mm512_slli_epi32(_mm512_cvtepu16_epi32(_mm256_loadu_si256((const void *)(keys + x))), 9);
    const __m512i upper = _mm512_cvtepu16_epi32(_mm256_loadu_si256((const void *)(top + 2 * x)));
    const __m512i lower = _mm512_cvtepu16_epi32(_mm256_loadu_si256((const void *)(bottom + 2 * x)));
    const __m512i p = _mm512_and_si512(upper, low), q = _mm512_srli_epi32(upper, 8);
    const __m512i r = _mm512_and_si512(lower, low), s = _mm512_srli_epi32(lower, 8);
    const __m512i yp = _mm512_i32gather_epi32(_mm512_add_epi32(base, p), table, 1);
    const __m512i yq = _mm512_i32gather_epi32(_mm512_add_epi32(base, q), table, 1);
    const __m512i yr = _mm512_i32gather_epi32(_mm512_add_epi32(base, r), table, 1);
    const __m512i ys = _mm512_i32gather_epi32(_mm512_add_epi32(base, s), table, 1);
    const __m512i mean = _mm512_srli_epi32(_mm512_add_epi32(_mm512_add_epi32(p, q), _mm512_add_epi32(r, s)), 3);
    const __m512i at = _mm512_add_epi32(base, _mm512_add_epi32(_mm512_set1_epi32(254), _mm512_slli_epi32(mean, 1)));
    const __m512i pair = _mm512_srli_epi32(_mm512_i32gather_epi32(at, table, 1), 16);
    const __m512i outTop = _mm512_or_si512(_mm512_and_si512(yp, low), _mm512_slli_epi32(_mm512_and_si512(yq, low), 8));
    const __m512i outBottom =
      _mm512_or_si512(_mm512_and_si512(yr, low), _mm512_slli_epi32(_mm512_and_si512(ys, low), 8));
    _mm256_storeu_si256((void *)(out_top + 2 * x), _mm512_cvtepi32_epi16(outTop));
    _mm256_storeu_si256((void *)(out_bottom + 2 * x), _mm512_cvtepi32_epi16(outBottom));
    _mm256_storeu_si256((void *)(pairs + x), _mm512_cvtepi32_epi16(pair));
  }
  return x;
}
#endif

void clipmerge_lookup_row(
  const uint8_t *table, const uint16_t *keys, const uint8_t *top, const uint8_t *bottom, uint8_t *out_top,
  uint8_t *out_bottom, uint16_t *pairs, int count)
{
  int done = 0;
#if defined(__x86_64__)
  if (clipmerge_kernel_level() == CLIPMERGE_LEVEL_AVX512) done = lookup_gather(table, keys, top, bottom, out_top, out_bottom, pairs, count);
#endif
  lookup_blocks(table, keys, top, bottom, out_top, out_bottom, pairs, done, count);
}
