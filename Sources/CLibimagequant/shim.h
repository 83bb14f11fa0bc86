#ifndef CLIPMERGE_LIBIMAGEQUANT_SHIM_H
#define CLIPMERGE_LIBIMAGEQUANT_SHIM_H
// libimagequant (pngquant's quantizer): one palette of up to 256 colours for many pictures, and dithered
// remapping of each picture to it, for GIF output.
#include <libimagequant.h>
#endif
