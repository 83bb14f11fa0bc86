// The colour table's hand-written AVX-512 gather (Sources/CEffectKernels/LookupRow.c), compiled with its
// intrinsics emulated in portable C, so it runs on a machine without AVX-512: SIMDe (libsimde-dev) supplies the
// intrinsics, and the three that SIMDe 0.7.4 lacks are written below from Intel's definitions. Each row of random
// blocks goes through the gather and through the one-block-at-a-time loop; the program prints how many samples
// it compared and exits 1 at the first that differs. Built and run by KernelLevelTests.
#define CLIPMERGE_EMULATED_AVX512 1
#define SIMDE_ENABLE_NATIVE_ALIASES
#include <simde/x86/avx512.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Zero-extends sixteen 16-bit lanes to 32 bits (VPMOVZXWD).
static simde__m512i emulated_cvtepu16_epi32(simde__m256i a) {
  simde__m256i_private in = simde__m256i_to_private(a);
  simde__m512i_private out;
  for (int i = 0; i < 16; i++) out.i32[i] = (int32_t)(uint16_t)in.i16[i];
  return simde__m512i_from_private(out);
}

// Truncates sixteen 32-bit lanes to 16 bits (VPMOVDW).
static simde__m256i emulated_cvtepi32_epi16(simde__m512i a) {
  simde__m512i_private in = simde__m512i_to_private(a);
  simde__m256i_private out;
  for (int i = 0; i < 16; i++) out.i16[i] = (int16_t)in.i32[i];
  return simde__m256i_from_private(out);
}

// Sixteen 32-bit words read at base + index × scale (VPGATHERDD), unaligned.
static simde__m512i emulated_i32gather_epi32(simde__m512i index, const void *base, int scale) {
  simde__m512i_private in = simde__m512i_to_private(index);
  simde__m512i_private out;
  for (int i = 0; i < 16; i++) {
    int32_t word;
    memcpy(&word, (const char *)base + (ptrdiff_t)in.i32[i] * scale, 4);
    out.i32[i] = word;
  }
  return simde__m512i_from_private(out);
}

#define _mm512_cvtepu16_epi32(a) emulated_cvtepu16_epi32(a)
#define _mm512_cvtepi32_epi16(a) emulated_cvtepi32_epi16(a)
#define _mm512_i32gather_epi32(index, base, scale) emulated_i32gather_epi32(index, base, scale)

int clipmerge_kernel_level(void) { return 0; }

#include LOOKUP_ROW

int main(void) {
  enum { BLOCKS = 64, COUNT = 203 };
  // Each block: 256 luma values, then 128 chroma pairs (512 bytes), as YUVLookup lays them out.
  static uint8_t table[BLOCKS * 512];
  static uint16_t keys[COUNT], pairs[2][COUNT];
  static uint8_t top[2 * COUNT], bottom[2 * COUNT], out_top[2][2 * COUNT], out_bottom[2][2 * COUNT];
  unsigned state = 7;
#define NEXT() (state = state * 1664525u + 1013904223u, state >> 24)
  long compared = 0;
  for (int round = 0; round < 50; round++) {
    for (int i = 0; i < BLOCKS * 512; i++) table[i] = (uint8_t)NEXT();
    for (int x = 0; x < COUNT; x++) keys[x] = (uint16_t)(NEXT() % BLOCKS);
    for (int x = 0; x < 2 * COUNT; x++) {
      top[x] = (uint8_t)NEXT();
      bottom[x] = (uint8_t)NEXT();
    }
    // Values at the edges of a block too: Y' 0 and 255.
    top[0] = 0;
    top[1] = 255;
    bottom[2] = 255;
    bottom[3] = 255;
    const int done = lookup_gather(table, keys, top, bottom, out_top[0], out_bottom[0], pairs[0], COUNT);
    lookup_blocks(table, keys, top, bottom, out_top[0], out_bottom[0], pairs[0], done, COUNT);
    lookup_blocks(table, keys, top, bottom, out_top[1], out_bottom[1], pairs[1], 0, COUNT);
    if (done != COUNT / 16 * 16) {
      printf("the gather did %d of %d blocks\n", done, COUNT);
      return 1;
    }
    for (int x = 0; x < done; x++) {
      if (out_top[0][2 * x] != out_top[1][2 * x] || out_top[0][2 * x + 1] != out_top[1][2 * x + 1]
          || out_bottom[0][2 * x] != out_bottom[1][2 * x] || out_bottom[0][2 * x + 1] != out_bottom[1][2 * x + 1]
          || pairs[0][x] != pairs[1][x]) {
        printf("round %d, block %d differs\n", round, x);
        return 1;
      }
      compared += 5;
    }
  }
  printf("compared %ld samples\n", compared);
  return 0;
}
