#ifndef CLIPMERGE_RUBBERBAND_SHIM_H
#define CLIPMERGE_RUBBERBAND_SHIM_H
// Rubber Band: time stretching with the pitch kept, for sound played faster or slower.
#include <rubberband/rubberband-c.h>
#endif
